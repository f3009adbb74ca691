import type { NewContentPage } from '../data/content-pages.ts';

/** The product help in English (seed-help.ts puts in the brand name and seeds it per tenant). */
export function helpEn(brand: string): NewContentPage[] {
  const img = (name: string) => `/static/help/${name}.svg`;
  return [
    {
      slug: 'buy-renew', kind: 'tutorial', sort: 10, image_url: img('buy'),
      title: 'Buy and renew a cloud phone',
      summary: 'Pick a plan, pay, and keep your phone running.',
      html: `<p>${brand} rents cloud phones by the day. A phone you buy appears on the home tab as soon as the payment is confirmed.</p>
<h3>Buy</h3><ol><li>Open the <strong>Buy</strong> tab and choose a model and a duration.</li><li>Apply a coupon if you have one, then pay.</li><li>Your new phone appears in your default group on the home tab.</li></ol>
<h3>Renew</h3><p>Open a phone's menu and choose <strong>Renew</strong>, or select several phones and renew them together. The new time is added to what is left; a phone that has expired keeps its data for a short grace period.</p>
<p><img src="${img('buy')}" alt="A phone card with its remaining time"></p>`,
    },
    {
      slug: 'redeem-code', kind: 'tutorial', sort: 20, image_url: img('code'),
      title: 'Redeem an activation code',
      summary: 'Turn a code into a new phone or more time.',
      html: `<p>An activation code is worth a phone for a set time. Codes come from resellers, promotions or your own code orders.</p>
<ol><li>On the home tab, open the <strong>+</strong> menu and choose <strong>Activation code</strong>.</li><li>Type or paste the code; several codes can be redeemed one per line.</li><li>Choose whether the code makes a new phone or renews one you already have.</li></ol>
<p>A code can be used once. If a code is refused, the message tells you why (used, expired, or for another model).</p>`,
    },
    {
      slug: 'open-control', kind: 'tutorial', sort: 30, image_url: img('phone'),
      title: 'Open and control a phone',
      summary: 'Touch, keys, text and picture quality.',
      html: `<p>Tap a phone on the home tab to open its screen. Touch and swipe as on a real phone.</p>
<ul><li><strong>Keys</strong>: the back, home and recent-apps keys sit under the screen (hide them in settings).</li><li><strong>Text</strong>: tap a field and type; paste sends your clipboard to the phone.</li><li><strong>Quality</strong>: automatic adapts to your connection; pick a fixed definition if you prefer.</li><li><strong>Restart, reset</strong>: from the phone's menu. A reset erases the phone.</li></ul>
<p><img src="${img('phone')}" alt="A phone screen with its keys"></p>`,
    },
    {
      slug: 'sharing', kind: 'tutorial', sort: 40, image_url: img('share'),
      title: 'Share a phone screen',
      summary: 'Let others watch or control through a link.',
      html: `<p>A share link lets people watch your phone, or control it if you allow, without an account.</p>
<ol><li>Open the phone and choose <strong>Share</strong>.</li><li>Choose view only or control, and how long the link lasts.</li><li>Send the link. You can take control back or end the share at any time.</li></ol>`,
    },
    {
      slug: 'grants', kind: 'tutorial', sort: 50, image_url: img('share'),
      title: 'Authorize another account',
      summary: 'Lend a phone to a colleague for a while.',
      html: `<p>An authorization lends a phone to another ${brand} account: it appears in their list while yours stays the owner.</p>
<ul><li>Choose the phones, the account's mobile number, the permission (view or control) and the duration.</li><li>You can cancel an authorization at any time; it also ends when the phone is transferred.</li></ul>`,
    },
    {
      slug: 'transfers', kind: 'tutorial', sort: 60, image_url: img('buy'),
      title: 'Transfer a phone',
      summary: 'Hand a phone over to another account for good.',
      html: `<p>A transfer moves a phone, with its data and remaining time, to another account. It cannot be undone.</p>
<ol><li>Select the phones and choose <strong>Transfer</strong>.</li><li>Enter the receiving account's mobile number and confirm with an SMS code.</li></ol><p>Shares and authorizations of a transferred phone end.</p>`,
    },
    {
      slug: 'uploads', kind: 'tutorial', sort: 70, image_url: img('code'),
      title: 'Upload files and install apps',
      summary: 'Send pictures, documents and APKs to your phones.',
      html: `<p>From the <strong>Upload</strong> page, pick files from your device and the phones to send them to. APK files are installed; other files land in the phone's Download folder.</p>
<p>Uploads continue while you use other pages; the list shows each file's progress per phone.</p>`,
    },
    {
      slug: 'new-machine', kind: 'tutorial', sort: 80, image_url: img('phone'),
      title: 'New machine, replacement and clones',
      summary: 'Change a phone\u2019s identity, swap hardware or copy a phone.',
      html: `<ul><li><strong>New machine</strong> gives a phone a new model and identity (IMEI, serial); apps see a different device.</li><li><strong>Replacement</strong> moves you to other hardware when a phone misbehaves, with or without its data.</li><li><strong>Clone</strong> copies one phone's data to others; a <strong>template</strong> is a saved copy to clone from later.</li></ul>
<p>Each runs for a few minutes; the phone card shows its progress and the phone cannot be used meanwhile.</p>`,
    },
    {
      slug: 'black-screen', kind: 'faq', sort: 10, image_url: img('phone'),
      title: 'The screen is black or stuttering: what can I do?',
      summary: 'Check your network, lower the quality, reconnect, and reboot the phone if it persists.',
      html: `<p>A black or stuttering screen is usually an unsteady network, or a busy phone. Try these in order:</p>
<ol><li>Check your network: open <strong>Network check</strong> under Me; on a weak signal, move to Wi-Fi or a better spot.</li><li>Lower the quality: in the phone screen's settings choose <strong>Low</strong> video quality, or <strong>Auto</strong> to follow your network.</li><li>Reconnect: tap <strong>Reconnect</strong> on the screen, or go back home and open the phone again.</li><li>Still black: choose <strong>Reboot</strong> in the phone's menu, or run a <strong>Phone check</strong> to find and fix the problem.</li></ol>
<p>If none of this helps, contact customer service with the phone's name and when it happened.</p>`,
    },
  ];
}
