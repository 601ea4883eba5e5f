import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NoticeHost } from '@/app/notify';
import { API_TIMEOUT_MS, configureApi } from '@/lib/api';
import { json, startLocalServer, type LocalServer } from '@/test-utils/http';
import { RegistrationPage } from './RegistrationPage';

let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer();
  configureApi({ baseURL: server.url });
});
afterAll(async () => {
  configureApi({ baseURL: '', timeoutMs: API_TIMEOUT_MS });
  await server.close();
});
beforeEach(() => {
  server.received.length = 0;
  i18n.activate('en');
  server.on('POST /api/sendEmailOTP', (_req, res) =>
    json(res, 200, { status: 200, message: 'A code was sent.' }),
  );
  server.on('POST /api/verifyEmailOTP', (req, res) => {
    const { otp } = JSON.parse(req.body) as { otp: string };
    if (otp === '123456') json(res, 200, { status: 200, message: 'E-mail verified.' });
    else json(res, 400, { status: 400, message: 'The code is wrong.' });
  });
  server.on('POST /api/register', (_req, res) =>
    json(res, 201, { status: 201, message: 'Registered. Your account waits for approval.', data: {} }),
  );
});
afterEach(() => {
  act(() => toast.remove());
});

function renderPage() {
  const root = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <NoticeHost dir="ltr" />
      </>
    ),
  });
  const registration = createRoute({
    getParentRoute: () => root,
    path: '/registration',
    component: RegistrationPage,
  });
  const login = createRoute({
    getParentRoute: () => root,
    path: '/login',
    component: () => <p>Login screen</p>,
  });
  const router = createRouter({
    routeTree: root.addChildren([registration, login]),
    history: createMemoryHistory({ initialEntries: ['/registration'] }),
  });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}

describe('RegistrationPage', () => {
  it('has the product fields with visible labels; Register starts disabled', async () => {
    renderPage();
    expect(await screen.findByLabelText('Full Name')).toBeRequired();
    expect(screen.getByLabelText('Phone')).toBeRequired();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password', { exact: true })).toHaveAttribute('type', 'password');
    expect(screen.queryByLabelText('Enter OTP')).toBeNull();
    expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Already have an account? Log in' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('masks the password with a show/hide toggle', async () => {
    const user = userEvent.setup();
    renderPage();
    const password = await screen.findByLabelText('Password', { exact: true });
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('refuses to send an OTP to an empty e-mail', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Please enter a valid email.')).toBeInTheDocument();
    expect(server.received).toHaveLength(0);
  });

  it('refuses to submit before the e-mail is verified', async () => {
    renderPage();
    const form = (await screen.findByRole('button', { name: 'Register' })).closest('form')!;
    fireEvent.submit(form);
    expect(await screen.findByText('Please verify your email OTP before submitting.')).toBeInTheDocument();
    expect(server.received).toHaveLength(0);
  });

  it('walks start → OTP sent → verified → registered', async () => {
    const user = userEvent.setup();
    const router = renderPage();
    await user.type(await screen.findByLabelText('Full Name'), 'Sara Ali');
    await user.type(screen.getByLabelText('Phone'), '+971 50 123 4567');
    await user.type(screen.getByLabelText('Email'), 'sara@example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Secret-Pass-1');

    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    const otp = await screen.findByLabelText('Enter OTP');
    expect(await screen.findByText('A code was sent.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('Please enter a valid OTP.')).toBeInTheDocument();

    await user.type(otp, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('The code is wrong.')).toBeInTheDocument();
    expect(screen.getByLabelText('Enter OTP')).toBeInTheDocument();

    await user.clear(otp);
    await user.type(otp, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByTestId('email-verified')).toHaveTextContent('Email verified');
    expect(screen.queryByLabelText('Enter OTP')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send OTP' })).toBeNull();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'false');
    const register = screen.getByRole('button', { name: 'Register' });
    expect(register).toBeEnabled();

    await user.click(register);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ registered: true });
    // The sign-in screen fills the e-mail in (src/pages/login/registered-email.ts).
    expect(sessionStorage.getItem('ebo.registeredEmail')).toBe('sara@example.com');
    const sent = server.received.find((r) => r.path === '/api/register');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({
      name: 'Sara Ali',
      phone: '+971501234567',
      email: 'sara@example.com',
      password: 'Secret-Pass-1',
      otp: '123456',
      role: 'serviceprovider',
      status: '0',
    });
    expect(screen.getByText('Registered. Your account waits for approval.')).toBeInTheDocument();
  });

  it('starts over when the e-mail changes after verification', async () => {
    const user = userEvent.setup();
    renderPage();
    const email = await screen.findByLabelText('Email');
    await user.type(email, 'sara@example.com');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await user.type(await screen.findByLabelText('Enter OTP'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await screen.findByTestId('email-verified');
    await user.type(email, 'x');
    expect(screen.getByRole('button', { name: 'Send OTP' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled();
  });
});
