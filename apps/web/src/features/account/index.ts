// `/account` ('Preferences') and the colour mode kept in the profile (applied for signed-in users by
// components/SignedInExtras.tsx).
export { ProfileColorScheme } from './components/ProfileColorScheme';
export { AccountPage } from './components/AccountPage';
