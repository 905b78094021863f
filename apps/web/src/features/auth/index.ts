// The session (controller, provider, route guard) and the sign-in pages.
export { AuthProvider, useAuth, useSession } from './AuthProvider';
export { createAuthController, type AuthClient, type AuthController } from './authController';
export { connectAuth } from './connectAuth';
export { confirmFromAddress, emailConfirmedTitle } from './emailConfirmation';
export { guardRoute } from './routeGuard';
// The password step of the registration dialog shares the messages and the live rule list (PRODUCT.md §5, §8).
export { passwordUpdateOutcome } from './errors';
export { PasswordRules } from './components/PasswordRules';
export { DemoStart } from './components/DemoStart';
export { EmailConfirmed } from './components/EmailConfirmed';
export { LoginForm } from './components/LoginForm';
export { RegisterForm } from './components/RegisterForm';
export { ResetPasswordForm } from './components/ResetPasswordForm';
export { ChangePasswordForm, UpdatePasswordForm } from './components/UpdatePasswordForm';
export { Waitlist } from './components/Waitlist';
