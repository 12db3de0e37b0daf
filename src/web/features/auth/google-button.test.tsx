import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { GoogleButton } from './google-button';

const serveProviders = (google: boolean) =>
  serveApi({
    'GET /api/auth/session': { json: { user: null } },
    'GET /api/auth/providers': { json: { google } },
  });

const googleButton = () => screen.getByRole('button', { name: /Continue with Google/ });

describe('GoogleButton', () => {
  it('without Google configured: disabled, styled as disabled, and says why', async () => {
    serveProviders(false);
    renderInApp(<GoogleButton role="student" isSignup />);
    await screen.findByText('Google sign-in is not set up on this server.');
    const button = googleButton() as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe('google-unavailable');
    // The disabled look: greyed, no hover of an active button, a greyed Google mark.
    expect(button.className).toMatch(/\bdisabled:bg-slate-100\b/);
    expect(button.className).toMatch(/\bdisabled:text-slate-400\b/);
    expect(button.querySelector('svg')!.getAttribute('class')).toMatch(/\bgrayscale\b/);
  });

  it('with Google configured: enabled, with its colours', async () => {
    serveProviders(true);
    renderInApp(<GoogleButton role="student" isSignup />);
    await screen.findByRole('button', { name: /Continue with Google/ });
    await expect.poll(() => (googleButton() as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText('Google sign-in is not set up on this server.')).toBeNull();
    expect(googleButton().querySelector('svg')!.getAttribute('class')).not.toMatch(/grayscale/);
  });
});
