/** Every interface string of the English edition; every other language's module has this shape. */
/**
 * The words the story form's script shows, apart so that it can take them from this module alone
 * (the rest of the file stays out of it) instead of from its props in every page's HTML. What only
 * the server writes (the section's heading, the inbox's answer pages) is in `form`, below.
 */
export const formWords = {
  name: 'Name',
  phone: 'Phone',
  phoneHint: '10 digits, for example 98765 43210. You may start with +91.',
  story: 'Story',
  consent: "I'd like to publish my story on the STREE platform.",
  submit: 'Submit',
  sending: 'Sending your story…',
  // A story told by voice (docs/stories.md, "Voice stories"); the recorder's own words are in ./recorder.ts.
  record: 'Record your story',
  // The file input's label: no "send", which is Submit's name; it opens the phone's recorder or its files.
  recordingFile: 'Record or choose a recording',
  // The label of the spam trap, for the rare person who sees it (a browser without styles).
  honeypot: 'Leave this empty',
  // Under the form while her words or her recording are kept on the phone (docs/design.md, "The story form
  // never loses a word"); Delete draft removes both.
  kept: 'What you write or record here is kept on this phone until you send it.',
  restored: 'We kept the story you started here before. It stays on this phone until you send it.',
  deleteDraft: 'Delete draft',
  draftDeleted: 'Your draft is deleted from this phone.',
  undo: 'Undo',
  success: 'Form Submitted Successfully!',
  blank: 'Please write something here: spaces alone are not enough.',
  offline: 'You are offline, so your story was not sent yet. It is kept on this phone and goes out by itself when the connection comes back while this page is open, or the next time you open this site. You can also press Submit again.',
  timeout: 'The connection stopped: your story was not sent yet. It is kept on this phone: press Submit to try again, or it goes out by itself the next time you open this site.',
  network: 'We could not reach the STREE server, so your story was not sent. It is kept on this phone: press Submit to try again, or it goes out by itself the next time you open this site.',
  blocked: 'We could not confirm that your story arrived: this browser blocked the connection to STREE. Your words are still here: try again later, or e-mail them to the address at the bottom of this page.',
  // The service worker kept the story: with Background Sync the phone sends it even with the page closed.
  queued: 'You are offline. Your story is saved on this phone and will be sent by itself as soon as there is a connection, even if you close this page.',
  queuedNextVisit: 'You are offline. Your story is saved on this phone and will be sent by itself the next time you open this site with a connection.',
  sentLater: 'The story you kept on this phone has now been sent. Thank you!',
  // A story sent earlier came back refused; the collector's own words follow it.
  returned: 'The story you sent earlier was not accepted, so it is back in the form. Please check it and press Submit again.',
  // {length} and {max} are filled in by the form.
  tooLong: 'This is {length} characters long. Please shorten it to {max} or fewer: what you wrote stays here until you send it.',
  phoneInvalid: 'Please enter a 10-digit phone number, for example 98765 43210. You may start with +91.',
  // {detail} and {status} are filled in by the form; the island's props must be plain text.
  rejected: 'Your story was not accepted: {detail} Please correct it and press Submit again.',
  serverError: 'The STREE server had a problem (error {status}) and did not save your story. It is kept on this phone: press Submit to try again later.',
  // The collector said "try again" (busy, a quota) or gave an answer that is not its own: nothing confirms it arrived.
  unconfirmed: 'Your story is not sent yet: the STREE server did not confirm that it arrived. It is kept on this phone and goes out by itself later. You can also press Submit again.',
};

/** The story form's words: the script's, and those only the server writes. */
export const form = {
  ...formWords,
  title: 'Share your Stories',
  intro: 'Tell us your story, or the story of a woman you know: write it, or say it aloud. We read and listen to every one.',
  // Read by Listen just above the Record button, where the phone records (docs/stories.md, "Telling it by voice"):
  // she hears it only before she taps, so it says where Stop will be too. Quotes the buttons' own words.
  howToRecord: 'To tell your story aloud, tap the round pink button with a microphone, just below: "Record your story". While you speak, a pink button with a white square takes its place, with the time left just above it. It says "Stop": tap it when you have finished.',
  // Before the consent box and Submit, where she decides; **words** show in bold (docs/decisions.md, "What happens to her story").
  whatNext: '**What happens next:** we read and listen to every story, and we may call you on the phone number you give. Nothing goes on the website before we have asked you on the phone, and your name is shown only if you say yes. Your voice itself is never put on the website. Please give a number where a call from STREE is safe for you.',
  // Shown without JavaScript: the form still sends itself; the address is a second way.
  noScript: 'This form works without JavaScript too: press Submit to send your story. You can also e-mail it to',
  /** The pages the story inbox answers a plain form post with (server/story-pages.js, /story-sent/). */
  page: {
    sentTitle: 'Your story has arrived',
    sentBody: 'Thank you for trusting us with it. Someone at STREE reads every story.',
    home: 'Back to the STREE home page',
    fixTitle: 'Your story was not sent yet',
    fixIntro: 'Please correct what is marked below and press Submit again. Your words are still here.',
    missing: 'Please fill this in.',
    unreadable: 'Your story could not be read. Please go back, check it and send it again.',
    failed: 'We could not save your story just now. Your words are below: please press Submit again in a few minutes.',
    // A form posted with a recording ("Voice stories", docs/stories.md): a page cannot hold her file again.
    recordingAgain: 'Your recording could not be kept on this page. Before you press Submit, record it again below, or choose it again.',
    recordingTooLong: 'Your recording is too long: it can be at most {minutes} minutes ({size}). Please choose a shorter one, or write your story instead.',
    recordingInvalid: 'The file you chose is not a sound recording we can take. Please choose a sound recording, or write your story instead.',
    recordingNotReceived: 'Your recording could not be received this way. You can write your story below and send it, or tell it to us by phone: the number is on the STREE website.',
  },
};

export const en = {
  lang: 'en',
  skipToContent: 'Skip to main content',
  share: {
    /** og:locale: English as written in India. */
    locale: 'en_IN',
    /** Above the organisation's name on the default share card. */
    initiativeOf: (parent: string) => `An initiative of ${parent}`,
    cardAlt: (name: string) => `${name} in large letters beside the STREE logo, on white with pink and green bands`,
  },
  nav: {
    label: 'Main',
    home: 'Home',
    about: 'About Us',
    focus: 'Our Focus',
    teams: 'Teams',
    salaamstree: 'Salaam Stree',
    contact: 'Contact',
  },
  extraLinks: {
    inspiringWomen: 'Inspiring Women',
    handmade: 'Handmade Goods',
  },
  menu: {
    open: 'Open menu',
    close: 'Close menu',
    title: 'Menu',
    empowerBharat: 'Empower Bharat',
  },
  logoLabel: 'STREE home',
  /** Read out by screen readers on every carousel; {{index}} is filled in by Swiper. */
  carousel: {
    roleDescription: 'carousel',
    slide: 'slide',
    previous: 'Previous slide',
    next: 'Next slide',
    goTo: 'Go to slide {{index}}',
  },
  splash: { loading: 'Loading...', continue: 'Continue to the STREE home page' },
  home: {
    bannerLabel: 'Highlights',
    whatWeDo: 'What We Do:',
    readMore: 'Read more',
    newTab: '(opens in a new tab)',
    video: 'Watch our video',
    videoTitle: 'STREE: What We Do (video)',
    vision: 'Our Vision',
    mission: 'Our Mission',
    focusTitle: 'Our Focus',
    focusCarouselLabel: 'Issues we work on',
    problems: 'Problems',
    solutions: 'Solutions',
    teams: 'Teams',
    empowerersFrom: 'Empowerers coming from all over India',
    statesSuffix: '+ States',
    empowerers: 'Empowerers',
    whatTheySay: 'What They Say About Us?',
    salaamStree: 'Salaam Stree',
    salaamStreeIntro: 'Stories of women who changed their villages, and of women like you.',
    storyCategoriesLabel: 'Story categories',
    seeAllStories: (category: string) => `All ${category} stories`,
    scrollTabsBack: 'Show earlier categories',
    scrollTabsOn: 'Show more categories',
  },
  form,
  footer: {
    office: 'Registered office',
    contact: 'Contact',
    email: 'E-mail',
    phone: 'Phone',
    follow: 'Follow us',
    sections: 'On this site',
    terms: 'Terms & Conditions',
    rights: 'STREE. All rights reserved.',
  },
  story: {
    backTo: (category: string) => `More ${category} stories`,
    shareYours: 'Share your Stories',
  },
  profiles: {
    title: 'Inspiring Women',
    intro: 'Indian women whose courage and work opened doors for others: in sport, the freedom struggle, business, science and the arts.',
    categoriesLabel: 'Categories',
    backTo: (category: string) => `More women in ${category}`,
  },
  handmade: {
    title: 'Handmade Goods',
    intro: "Things made by hand by women's self-help groups in villages across India. Buy straight from the group: every rupee goes to the women who made it.",
    sampleNotice: 'These listings are samples while the groups send us their own. Please do not order from them yet.',
    madeBy: 'Made by',
    price: 'Price',
    order: 'How to order',
    call: 'Call',
    whatsapp: 'WhatsApp',
    email: 'E-mail',
  },
  /** Where the service worker sends a plain form post it kept offline (/story-kept/). */
  storyKept: {
    title: 'Your story is kept on this phone',
    body: 'It goes out by itself when the connection comes back. You do not need to send it again.',
    home: 'Go to the home page',
  },
  offline: {
    title: 'You are offline',
    body: 'This page is not saved on this phone yet, so it cannot open without a connection. The home page and the pages you opened before still work.',
    home: 'Go to the home page',
    stories: 'A story you wrote in the form is kept on this phone and sent when the connection comes back.',
    helpTitle: 'Need help now?',
    // Not every helpline is free or open all night (docs/help.md): each one's own line says so.
    helpIntro: 'Calling a helpline needs no internet:',
  },
  /** The help bar on every page, the helplines and quick exit (docs/help.md). */
  help: {
    barLabel: 'Help and safety',
    helplines: 'Helplines',
    staySafe: 'Stay safe',
    exit: 'Exit this page',
    // Read out by screen readers as she presses Shift (the quick exit's keyboard shortcut).
    shiftTwoMore: 'Shift, press 2 more times to exit.',
    shiftOneMore: 'Shift, press 1 more time to exit.',
    shiftExpired: 'Exit this page expired.',
    helplinesTitle: 'Need help? Call a helpline',
    helplinesIntro: 'A call needs no internet.',
    freeNumber: 'Free number:',
    staySafeLink: 'How to visit this site safely',
  },
  /** Reading a page aloud with the phone's own voice (docs/help.md, "Listen"). */
  listen: {
    start: 'Listen',
    pause: 'Pause',
    stop: 'Stop',
    resume: 'Continue listening',
    reading: 'Reading aloud…',
    failed: 'This phone could not read this page aloud.',
  },
  /** Sharing a story or profile: the phone's share sheet, WhatsApp, or its address. */
  sharing: {
    label: 'Listen and share',
    share: 'Share',
    whatsapp: 'Share on WhatsApp',
    copy: 'Copy link',
    copied: 'Link copied.',
    // {url} is filled in by the page.
    copyFailed: 'Could not copy the link. Its address is {url}',
  },
  notFound: {
    title: 'Unexpected Application Error!',
    body: 'We could not find this page. It may have moved, or the address may have a typing mistake.',
    home: 'Go to the home page',
  },
  /** A post as shown, keyed by the English post of src/content.config.ts (TEAM_POSTS). */
  teamPosts: {
    'Technical Head': 'Technical Head',
    'Graphics Designer': 'Graphics Designer',
    'UI and UX Designer': 'UI and UX Designer',
    'Script Writer & Animator': 'Script Writer & Animator',
    'Content Developer': 'Content Developer',
    'Designer & Animator': 'Designer & Animator',
    'Script Writer': 'Script Writer',
  },
  /** Shown above a part of a page that has no translation in this language yet. */
  untranslatedNotice: 'This part is not written in English yet.',
  /**
   * Where the phone cannot record in the page, or a collector on another origin cannot take a
   * recording without JavaScript (docs/stories.md, "Voice stories"): a call, or WhatsApp.
   */
  storyByPhone: {
    /** The numbers follow, or the sample stand-in. */
    callInstead: 'You may also call us and tell your story:',
    /** The WhatsApp number follows, or the sample stand-in. */
    whatsApp: 'Or send us your story as a voice message on WhatsApp:',
  },
  /** Content the organisation has not sent yet (docs/design.md, "Nothing sample passes as real"). */
  sample: {
    tag: 'Sample',
    quotes: 'These quotes are samples until the team sends its own: they are not the words of real people.',
    quote: 'Not the words of a real person.',
    figure: 'sample figure, not yet checked',
    address: 'The real address will be here soon.',
    email: 'Our e-mail address will be here soon.',
    phones: 'Our phone numbers will be here soon.',
    whatsapp: 'Our WhatsApp number will be here soon.',
    social: 'Our pages on social media will be here soon.',
    readMore: 'More to read will be here soon.',
    empowerBharat: 'The Empower Bharat page will be here soon.',
    video: 'Our own video will be here soon.',
    order: 'Orders open when the group sends its own number.',
    needHelp: 'Need help now? Call a helpline',
  },
};

export type Strings = typeof en;
/** The story form's words its script shows (`formWords`): every language's `form` holds them. */
export type FormWords = typeof formWords;
