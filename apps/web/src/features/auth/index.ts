export { AuthLayout } from './auth-layout';
export { SignInPage, SignInSplitPage, SignInPlainPage } from './sign-in-page';
export { SignInForm } from './sign-in-form';
export { OtpPage } from './otp-page';
export { ForgotPasswordPage } from './forgot-password-page';
export { ResetPasswordPage } from './reset-password-page';
export { SignUpPage } from './sign-up-page';
