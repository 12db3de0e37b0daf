import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import sharp from 'sharp';
import { toast } from 'react-hot-toast/headless';
import { afterEach, describe, expect, it } from 'vitest';
import { TUTOR_PROFILE_MESSAGES as M } from '../../../../domain/messages';
import { serveApi } from '../../../test/fake-api';
import { renderInApp } from '../../../test/render';
import { MediaStep } from './media-step';

function renderMediaStep() {
  serveApi({ 'GET /api/auth/session': { json: { user: null } } });
  renderInApp(
    <MediaStep
      step="media"
      title="Photo and video"
      description="Show students who you are"
      initial={undefined}
      onSave={async () => {}}
      isLast={false}
      avatarUrl={null}
    />,
  );
}

const chooseFile = async (file: File) => {
  // Like a person who picks "All files" in the file dialog: the input's accept list is a hint.
  const user = userEvent.setup({ applyAccept: false });
  await user.upload(screen.getByLabelText('Profile photo file'), file);
};

const cropDialog = () => screen.queryByRole('dialog', { name: 'Crop your photo' });

describe('MediaStep photo', () => {
  // Toasts outlive a test's render: each test starts without the last one's.
  afterEach(() => toast.remove());

  it('says a text file named .jpg is not a picture instead of opening a black crop dialog', async () => {
    renderMediaStep();
    await chooseFile(new File(['just some notes, honestly'], 'photo.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText(M.imageTypeInvalid)).toBeTruthy();
    expect(cropDialog()).toBeNull();
  });

  it('opens the crop dialog for a real picture', async () => {
    renderMediaStep();
    const png = await sharp({
      create: { width: 30, height: 20, channels: 3, background: '#3366cc' },
    })
      .png()
      .toBuffer();
    await chooseFile(new File([new Uint8Array(png)], 'me.png', { type: 'image/png' }));
    expect(await screen.findByRole('dialog', { name: 'Crop your photo' })).toBeTruthy();
    expect(screen.queryByText(M.imageTypeInvalid)).toBeNull();
  });

  it('refuses a GIF and a picture over 5 MB with the spec messages', async () => {
    renderMediaStep();
    await chooseFile(new File(['GIF89a'], 'funny.gif', { type: 'image/gif' }));
    expect(await screen.findByText(M.imageTypeInvalid)).toBeTruthy();
    await chooseFile(
      new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }),
    );
    expect(await screen.findByText(M.imageTooLarge)).toBeTruthy();
    expect(cropDialog()).toBeNull();
  });
});
