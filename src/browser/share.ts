// Share (docs/help.md): where the phone has a share sheet (the Web Share API), Share opens it and
// takes the WhatsApp link's place; Copy link where the browser can copy. Without JavaScript the
// WhatsApp link is there on its own: a plain link.
const control = document.querySelector<HTMLElement>('[data-share]');

if (control) {
  const { title = '', url = '', copied = '', copyFailed = '' } = control.dataset;
  const native = control.querySelector<HTMLButtonElement>('[data-share-native]');
  const whatsApp = control.querySelector<HTMLElement>('[data-share-whatsapp]');
  const copy = control.querySelector<HTMLButtonElement>('[data-share-copy]');
  const status = control.querySelector<HTMLElement>('[role="status"]');
  const say = (message: string) => {
    if (status) status.textContent = message;
  };

  if (native && typeof navigator.share === 'function') {
    native.hidden = false;
    if (whatsApp) whatsApp.hidden = true;
    native.addEventListener('click', () => {
      say('');
      navigator.share({ title, text: title, url }).catch((error: unknown) => {
        // Closing the sheet without choosing an app is her choice, not a failure.
        if ((error as Error | undefined)?.name === 'AbortError') return;
        if (whatsApp) whatsApp.hidden = false;
      });
    });
  }

  if (copy && typeof navigator.clipboard?.writeText === 'function') {
    copy.hidden = false;
    copy.addEventListener('click', () => {
      say('');
      navigator.clipboard.writeText(url).then(
        () => say(copied),
        () => say(copyFailed.replace('{url}', url)),
      );
    });
  }
}
