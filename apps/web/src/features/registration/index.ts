// The registration dialog (mounted for signed-in users by pages/SignedInExtras.tsx) and the profile
// settings of /account.
export { RegistrationCheck } from './components/RegistrationDialog';
export { ProfileSettings } from './components/ProfileSettings';
