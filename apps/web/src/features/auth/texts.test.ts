import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@meridian/contract';
import { TEAM_MESSAGES } from '@meridian/contract/team';
import { INVITE_LINK_INVALID } from './accept-invite-page';
import { RESET_LINK_INVALID } from './reset-password-page';

describe('auth screen texts', () => {
  it('the missing-token text is the server text for an invalid reset link', () => {
    expect(RESET_LINK_INVALID).toBe(AUTH_MESSAGES.resetTokenInvalid);
  });

  it('the missing-token text is the server text for an invalid invitation link', () => {
    expect(INVITE_LINK_INVALID).toBe(TEAM_MESSAGES.invitationNotFound);
  });
});
