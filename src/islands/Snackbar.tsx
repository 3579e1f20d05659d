import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { snackbar } from '../stores/snackbar';
import styles from './Snackbar.module.css';

/**
 * The short message after a story is sent (specification §5), from the store the form and the
 * kept-story sender write to. It wakes on the first message (client:message), so the first
 * render after waking shows the server's empty region, and the message comes as a change to it.
 */
export default function Snackbar() {
  const $message = useStore(snackbar);
  const [isAwake, setIsAwake] = useState(false);
  useEffect(() => setIsAwake(true), []);
  const message = isAwake ? $message : '';
  // Always rendered: a live region is announced only if it exists before its text changes.
  return (
    <div role="status" className={styles.snackbar} data-visible={message !== ''}>
      {message}
    </div>
  );
}
