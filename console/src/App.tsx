import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { VENDOR_ENROLLMENT_PATH } from '@app/contracts';
import { APP_PATH, FORGOT_PASSWORD_PATH, LOGIN_PATH, RESET_PASSWORD_ROUTE } from './auth/routes';
import { PageLoader } from './PageLoader';
// Tiny (a path test and the stored session): the e-sign redirect runs before the console's chunk loads.
import { EsignAdminGate } from './esign/EsignAdminGate';
import { EsignRequestsGate } from './esign/board/EsignRequestsGate';

// Every screen family is its own chunk: the first load is only React and the router.
const LoginPage = lazy(() => import('./auth/LoginPage'));
const ForgotPasswordPage = lazy(() => import('./auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./auth/ResetPasswordPage'));
const ConsoleApp = lazy(() => import('./app/ConsoleApp'));
const VendorEnrollmentPage = lazy(() => import('./vendors/VendorEnrollmentPage'));
const SigningPage = lazy(() => import('./signing/SigningPage'));

export const App = () => (
  <BrowserRouter>
    <Suspense fallback={<PageLoader />}>
      <Routes>
        <Route path="/" element={<Navigate to={APP_PATH} replace />} />
        <Route path={LOGIN_PATH} element={<LoginPage />} />
        <Route path={FORGOT_PASSWORD_PATH} element={<ForgotPasswordPage />} />
        <Route path={RESET_PASSWORD_ROUTE} element={<ResetPasswordPage />} />
        <Route path="/auth/*" element={<Navigate to={LOGIN_PATH} replace />} />
        {/* Spec 002 section 6: the admin e-sign pages send a user without both e-sign permissions to the
            root; every other path under /app passes through. The builder's route belongs inside it too. */}
        <Route element={<EsignAdminGate />}>
          {/* The same for the request board, /app/esign and a transaction's e-sign pages (spec 002 sections 2.2 and 2.5). */}
          <Route element={<EsignRequestsGate />}>
            <Route path={`${APP_PATH}/*`} element={<ConsoleApp />} />
          </Route>
        </Route>
        {/* Public: anyone with an invite link (spec 001 section 6). */}
        <Route path={VENDOR_ENROLLMENT_PATH} element={<VendorEnrollmentPage />} />
        <Route path="/sign/:token" element={<SigningPage />} />
        <Route path="*" element={<Navigate to={APP_PATH} replace />} />
      </Routes>
    </Suspense>
  </BrowserRouter>
);
