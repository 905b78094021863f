// The registration dialog (mounted once at the root) and the profile settings of /account.
export { RegistrationGate } from './components/RegistrationGate';
export { ProfileSettings } from './components/ProfileSettings';
