// Notifications, the coin balance (bell) and coin grants.
export { GrantCoinsButton } from './components/GrantCoinsButton';
export { NotificationBell } from './components/NotificationBell';
export { NotificationsPage } from './components/NotificationsPage';
