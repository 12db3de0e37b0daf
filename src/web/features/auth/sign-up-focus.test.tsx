import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { SignUpPage } from './sign-up-page';

// Sending the sign-up form with every field empty puts the cursor where the form starts to be
// wrong: the first name, not the email further down (issue #29).

describe('the sign-up form with nothing filled in', () => {
  it('focuses the first invalid field, the first name', async () => {
    serveApi({
      'GET /api/auth/session': { json: { user: null } },
      'GET /api/auth/providers': { json: { google: false } },
    });
    renderInApp(<SignUpPage role="student" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /create/i }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('First name')));
  });
});
