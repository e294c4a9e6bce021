import { i18n } from '../../lib/i18n';

/** The words of the shared controls (notices, dialogs, progress). */
export const uiMessages = i18n('ui/common', {
  error: 'Error',
  done: 'Done',
  note: 'Note',
  notification: 'Notification',
  notifications: 'Notifications ({hotkey})',
  dismiss: 'Dismiss notice',
  confirm: 'Confirm',
  cancel: 'Cancel',
  working: 'Working…',
  close: 'Close',
  noImage: 'No image available.',
  loading: 'Loading',
});
