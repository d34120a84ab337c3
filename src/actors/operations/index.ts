export { invoke, type InvokeCommand } from './invoke.ts';
export { notifications, type NotificationEvent } from './notifications.ts';
