// `/account` ('Preferences'), the user menu of the signed-in layouts' header (pages/HeaderActions.tsx) and the
// colour mode kept in the profile (applied for signed-in users by pages/SignedInExtras.tsx).
export { ProfileColorScheme } from './components/ProfileColorScheme';
export { AccountPage } from './components/AccountPage';
export { UserMenu } from './components/UserMenu';
