export { listNotifications, markNotificationsRead, sendNotification } from './inbox';
export { notify } from './notify';
