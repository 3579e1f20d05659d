// Sharing a story or profile (docs/help.md): the same words go to the phone's share sheet and to
// WhatsApp, where she picks the contact. Nothing about her is in them: the title and the address.

/** The message shared: the page's title, then its one address. */
export const shareText = (title: string, url: string) => `${title} ${url}`;

/**
 * WhatsApp's click-to-chat link with the message ready; without a number, she picks the chat.
 * Encoded no more than a query's value must be: a Devanagari or Gujarati letter stays as it is,
 * which an address may hold and the browser sends as UTF-8 (encoded here, each would cost the page
 * 9 bytes that gzip cannot share with the title it shows), and so do the address's `:` and `/`.
 */
export const whatsAppHref = (title: string, url: string) =>
  `https://wa.me/?text=${shareText(title, url).replace(/[\0-\x7f]+/g, (ascii) => encodeURIComponent(ascii).replace(/%3A/g, ':').replace(/%2F/g, '/'))}`;

/**
 * WhatsApp's click-to-chat link to a number (+91 98765 43210): its digits with the country code,
 * no plus, as WhatsApp asks (faq.whatsapp.com, "How to use click to chat").
 */
export const whatsAppChatHref = (number: string) => `https://wa.me/${number.replace(/\D/g, '')}`;
