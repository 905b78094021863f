// `/account` ('Preferences') and the colour mode kept in the profile, applied at the root for every page.
export { AccountPage } from './components/AccountPage';
export { ProfileColorScheme } from './components/ProfileColorScheme';
