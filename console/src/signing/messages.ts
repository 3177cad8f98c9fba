// Words of the public signing page (/sign/{token}, spec 002 sections 3, 5 and 8). The
// messages the server also says (closed states, value rules) come from ESIGN_REQUEST_MESSAGES and
// esignValueError in @app/contracts; these are the page's own. Plain data: screens.ts reads the title.

export const SIGNING_LABELS = {
  /** The page's name before the request's title is known (screens list, load error). */
  screenTitle: 'Sign',
  /** The browser tab and the page heading: 'Sign: {title}'. */
  pageTitle: (title: string) => `Sign: ${title}`,
  loading: 'Loading the documents',
  loadFailed: 'The documents could not be loaded.',
  retry: 'Try again',
  invitedBy: (sender: string, signer: string, role: string) => `${sender} asked ${signer} (${role}) to sign`,
  documents: 'Documents',
  page: (page: number) => `Page ${page}`,
  pdfFailed: 'This document could not be shown. The fields can still be filled in.',
  progress: (done: number, total: number) => `${done} of ${total} ${total === 1 ? 'field' : 'fields'}`,
  nextField: 'Next field',
  finish: 'Finish',
  finishing: 'Finishing',
  decline: 'Decline',
  needsAttention: (count: number) => `${count} ${count === 1 ? 'field needs' : 'fields need'} your attention`,
  // Fields
  choose: 'Choose',
  sign: 'Sign',
  initial: 'Initial',
  checked: (label: string) => `${label}: checked`,
  signatureOf: (label: string) => `${label}: signature`,
  /** A field button's accessible name: the field's words, then what the button shows. */
  buttonName: (label: string, shown: string) => `${label}: ${shown}`,
  // Signature dialog
  signatureTitle: 'Add your signature',
  initialsTitle: 'Add your initials',
  draw: 'Draw',
  type: 'Type',
  drawHint: 'Draw with your finger, a pen or the mouse in the box.',
  drawSignature: 'Draw your signature here',
  drawInitials: 'Draw your initials here',
  typeSignature: 'Type your signature',
  typeInitials: 'Type your initials',
  preview: 'Preview',
  clear: 'Clear',
  cancel: 'Cancel',
  apply: 'Apply',
  useSame: 'Use the same as before',
  drawFirst: 'Draw in the box first',
  typeFirst: 'Type it first',
  drawingTooLarge: 'The drawing is too large. Clear it and draw it again smaller.',
  // Choices dialog (multiple)
  chooseAny: 'Choose any that apply',
  // Decline dialog
  declineTitle: 'Decline to sign',
  declineIntro: (sender: string) => `Tell ${sender} why you decline. The request ends for every signer.`,
  declineReason: 'Reason',
  declineConfirm: 'Decline',
  reasonRequired: 'This field is required',
  reasonTooLong: (max: number) => `Must be at most ${max} characters`,
  // Done and closed pages
  thankYou: 'Thank you for signing',
  signedNow: 'Your signature is recorded.',
  copyLater: 'Once everyone has signed, the signed copy is emailed to you and can be downloaded from this link.',
  copyReady: 'Everyone has signed. The signed copy is ready.',
  download: 'Download the signed document',
  declinedNow: 'You declined to sign. The request has ended.',
  waitTurn: 'You will get an email when it is your turn.',
  contactSender: (sender: string, email: string | null) =>
    email ? `Questions? Contact ${sender} at ${email}.` : `Questions? Contact ${sender}.`,
} as const;
