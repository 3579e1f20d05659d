import { useStore } from '@nanostores/react';
import { snackbar } from '../stores/snackbar';
import styles from './Snackbar.module.css';

export default function Snackbar() {
  const message = useStore(snackbar);
  // Always rendered: a live region is announced only if it exists before its text changes.
  return (
    <div role="status" className={styles.snackbar} data-visible={message !== ''}>
      {message}
    </div>
  );
}
