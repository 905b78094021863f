// The session (controller, provider, route guard) and the sign-in pages.
export { AuthProvider, useAuth, useSession } from './AuthProvider';
export { createAuthController, type AuthClient, type AuthController } from './authController';
export { connectAuth } from './connectAuth';
export { confirmFromAddress, emailConfirmedTitle } from './emailConfirmation';
export { guardRoute } from './routeGuard';
export { readStoredSession } from './storedSession';
// The registration dialog's password step reads the auth server's answer the same way (PRODUCT.md §8).
export { passwordUpdateOutcome } from './errors';
export { DemoStart } from './components/DemoStart';
export { EmailConfirmed } from './components/EmailConfirmed';
export { LoginForm } from './components/LoginForm';
export { RegisterForm } from './components/RegisterForm';
export { ResetPasswordForm } from './components/ResetPasswordForm';
export { ChangePasswordForm, UpdatePasswordForm } from './components/UpdatePasswordForm';
export { Waitlist } from './components/Waitlist';
