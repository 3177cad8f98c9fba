import { IMAGE_MAX_BYTES } from '@app/contracts';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useNotify } from 'react-admin';
import { accountApi } from '..';
import { statusOf } from '../fieldErrors';
import { ACCOUNT_LABELS, ACCOUNT_MESSAGES } from '../messages';

/** Spec 000 section 9: avatar size 120. */
const AVATAR_SIZE = 120;

/**
 * Avatar upload: POST /user/profile/image {name, type} -> {url, key}; PUT the file there with its
 * content type; POST /user/profile/image/confirm {key} (needed with S3, harmless locally); then show
 * it from GET /user/profile/image (a signed URL: profile_image_path is a storage key, not a URL).
 */
export const AvatarUpload = ({ initials }: { initials: string }) => {
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    let cancelled = false;
    accountApi
      .getProfileImage()
      .then((body) => {
        if (!cancelled && body?.url) setUrl(body.url);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      notify(ACCOUNT_LABELS.imageNotAnImage, { type: 'error' });
      return;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      notify(ACCOUNT_LABELS.imageTooLarge, { type: 'error' });
      return;
    }
    setUploading(true);
    try {
      const { url: uploadUrl, key } = await accountApi.requestProfileImageUpload(file.name, file.type);
      await accountApi.putFile(uploadUrl, file);
      if (key) await accountApi.confirmProfileImage(key);
      const shown = await accountApi.getProfileImage().catch(() => null);
      setUrl(shown?.url ?? URL.createObjectURL(file));
      notify(ACCOUNT_MESSAGES.profileImageUpdated, { type: 'success' });
    } catch (error) {
      notify(`${ACCOUNT_LABELS.uploadErrorPrefix} ${statusOf(error) || (error as Error).message}`, { type: 'error' });
    } finally {
      setUploading(false);
    }
  };

  return (
    <Box data-testid="profile-avatar" sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Avatar
        src={url ?? undefined}
        alt={ACCOUNT_LABELS.avatar}
        data-testid="profile-avatar-image"
        sx={{ width: AVATAR_SIZE, height: AVATAR_SIZE, fontSize: 40 }}
      >
        {initials}
      </Avatar>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        onChange={(event) => void handleFile(event)}
        data-testid="profile-avatar-input"
      />
      <Button
        variant="outlined"
        onClick={() => input.current?.click()}
        disabled={uploading}
        data-testid="profile-avatar-upload"
        startIcon={uploading ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {uploading ? ACCOUNT_LABELS.uploading : ACCOUNT_LABELS.uploadImage}
      </Button>
    </Box>
  );
};
