import { IMAGE_MAX_BYTES } from '@app/contracts';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useNotify } from 'react-admin';
import { accountApi } from '..';
import { statusOf } from '../../shared/forms/fieldErrors';
import { ACCOUNT_LABELS, ACCOUNT_MESSAGES } from '../messages';

/** Spec 000 section 9: avatar size 120. */
const AVATAR_SIZE = 120;

/** Where an avatar comes from and goes to: the caller's own profile, or (admin) another user's. */
export interface AvatarUploader {
  /** A signed URL of the current image, or null. */
  load(): Promise<string | null>;
  request(name: string, type: string): Promise<{ url: string; key?: string }>;
  put(url: string, file: File): Promise<void>;
  /** After the PUT (needed with S3, harmless locally); answers the new image's URL. */
  confirm(key: string): Promise<{ url: string | null }>;
}

/** The signed-in user's own image: /user/profile/image. */
export const profileImageUploader: AvatarUploader = {
  load: () => accountApi.getProfileImage().then((body) => body?.url ?? null),
  request: (name, type) => accountApi.requestProfileImageUpload(name, type),
  put: (url, file) => accountApi.putFile(url, file),
  confirm: (key) => accountApi.confirmProfileImage(key),
};

interface AvatarUploadProps {
  initials: string;
  uploader?: AvatarUploader;
  /** Prefix of the test ids: <testId>, <testId>-image, -input, -upload. */
  testId?: string;
}

/**
 * Avatar upload: ask for a signed URL with {name, type} -> {url, key}; PUT the file there with its
 * content type; confirm {key} (needed with S3, harmless locally); then show it from a fresh signed
 * URL (the stored image is a storage key, not a URL).
 */
export const AvatarUpload = ({ initials, uploader = profileImageUploader, testId = 'profile-avatar' }: AvatarUploadProps) => {
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    let cancelled = false;
    uploader
      .load()
      .then((loaded) => {
        if (!cancelled && loaded) setUrl(loaded);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [uploader]);

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
      const { url: uploadUrl, key } = await uploader.request(file.name, file.type);
      await uploader.put(uploadUrl, file);
      const confirmed = key ? await uploader.confirm(key) : null;
      const shown = confirmed?.url ?? (await uploader.load().catch(() => null));
      setUrl(shown ?? URL.createObjectURL(file));
      notify(ACCOUNT_MESSAGES.profileImageUpdated, { type: 'success' });
    } catch (error) {
      notify(`${ACCOUNT_LABELS.uploadErrorPrefix} ${statusOf(error) || (error as Error).message}`, { type: 'error' });
    } finally {
      setUploading(false);
    }
  };

  return (
    <Box data-testid={testId} sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Avatar
        src={url ?? undefined}
        alt={ACCOUNT_LABELS.avatar}
        data-testid={`${testId}-image`}
        sx={{ width: AVATAR_SIZE, height: AVATAR_SIZE, fontSize: 40 }}
      >
        {initials}
      </Avatar>
      <input ref={input} type="file" accept="image/*" hidden onChange={(event) => void handleFile(event)} data-testid={`${testId}-input`} />
      <Button
        variant="outlined"
        onClick={() => input.current?.click()}
        disabled={uploading}
        data-testid={`${testId}-upload`}
        startIcon={uploading ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {uploading ? ACCOUNT_LABELS.uploading : ACCOUNT_LABELS.uploadImage}
      </Button>
    </Box>
  );
};
