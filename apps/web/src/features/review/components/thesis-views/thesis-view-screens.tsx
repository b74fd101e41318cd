export { AttachmentsScreen } from './attachments-screen.tsx';
export { InformationSheetScreen } from './information-sheet.tsx';
export { PrintScreen } from './print-screen.tsx';
