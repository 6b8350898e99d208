export { Popup } from './Popup.tsx';
export { isPopupEntry } from './popupHistory.ts';
export { type FormSendOutcome, useFormPopup } from './useFormPopup.ts';
