export { type ConfirmChoice, ConfirmPopup } from './ConfirmPopup.tsx';
export { FailedNote, FormPopup, type FormPopupTexts, FormThanks, SendButton } from './FormParts.tsx';
export { Popup } from './Popup.tsx';
export { isPopupEntry } from './popupHistory.ts';
export { type FormSendOutcome, useFormPopup } from './useFormPopup.ts';
