import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { renderScreen } from '@/testing/render';
import { LoginForm } from './login-form';

function renderForm() {
  const onSubmit = vi.fn();
  const view = renderScreen(<LoginForm pending={false} onSubmit={onSubmit} />);
  const email = screen.getByLabelText('Email');
  const password = screen.getByLabelText('Password');
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Login' }));
  return { ...view, onSubmit, email, password, submit };
}

describe('the login form (SPEC 5)', () => {
  it('says what is missing, and forgets a message once its field is edited', async () => {
    const { user, email, submit, onSubmit } = renderForm();
    await submit();
    expect(await screen.findByText('Please provide a email.')).toBeTruthy();
    expect(screen.getByText('Please enter a password.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    // Editing a field clears its message at once; the other stays.
    await user.type(email, 'not-an-email');
    expect(screen.queryByText('Please provide a email.')).toBeNull();
    expect(screen.getByText('Please enter a password.')).toBeTruthy();
  });

  it('refuses an address that is not one, until it is edited', async () => {
    const { user, email, password, submit, onSubmit } = renderForm();
    await user.type(email, 'not-an-email');
    await user.type(password, 'secret');
    await submit();
    expect(await screen.findByText('Please enter valid email.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(email, 'x');
    expect(screen.queryByText('Please enter valid email.')).toBeNull();
  });

  it('sends the address and password once both are there', async () => {
    const { user, email, password, submit, onSubmit } = renderForm();
    await user.type(email, 'admin@cabdesk.test');
    await user.type(password, 'secret');
    await submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      email: 'admin@cabdesk.test',
      password: 'secret',
    });
  });

  it('shows and hides the password', async () => {
    const { user, password } = renderForm();
    expect(password.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show or hide password' }));
    expect(password.getAttribute('type')).toBe('text');
  });

  it('says it in Spanish on a Spanish page (the contract message, translated)', async () => {
    await setLanguage('es');
    const { user } = renderScreen(<LoginForm pending={false} onSubmit={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('Introduce un correo electrónico.')).toBeTruthy();
  });
});
