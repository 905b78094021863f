import { z } from 'zod';
import { ZTimestamp } from './common';
import { ZId, ZUserId } from './ids';
import { zLine, zMultiline } from './text';
import { ZFirstName, ZLastName } from './validation';

/** Flags kept in the auth user's `user_metadata`; absent means false. */
export const ZUserMetadataFlags = z.object({
  registration_pending: z.boolean().optional(),
  registration_completed: z.boolean().optional(),
  profile_setup_done: z.boolean().optional(),
  has_password: z.boolean().optional(),
});
export type UserMetadataFlags = z.infer<typeof ZUserMetadataFlags>;

/** The teacher's school as chosen in the registration wizard. */
export const ZProfileSchool = z.object({
  bundesland: z.string(),
  city: z.string(),
  schule: z.string(),
});
export type ProfileSchool = z.infer<typeof ZProfileSchool>;

/** The colour mode a user picked on /account; `auto` follows the system. */
export const COLOR_SCHEME_PREFERENCES = ['light', 'dark', 'auto'] as const;
export const ZColorSchemePreference = z.enum(COLOR_SCHEME_PREFERENCES);
export type ColorSchemePreference = z.infer<typeof ZColorSchemePreference>;

/** `user_profile.meta_data`, decrypted. */
export const ZProfileMetaData = z.object({
  first_name: z.string(),
  last_name: z.string(),
  /** null: the generated avatar (initials on green) is shown. */
  avatar_url: z.string().nullable().default(null),
  /** Saved only when bundesland, city and schule are all filled. */
  school: ZProfileSchool.nullable().default(null),
  /** Absent: never picked, the system's mode applies. */
  color_scheme: ZColorSchemePreference.optional(),
});
export type ProfileMetaData = z.infer<typeof ZProfileMetaData>;

/** A `user_profile` row; `meta_data` is ciphertext (ARCHITECTURE.md §5). */
export const ZUserProfile = z.object({
  id: ZId,
  user_id: ZUserId,
  created_by: ZUserId,
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
  meta_data: z.string(),
});
export type UserProfile = z.infer<typeof ZUserProfile>;

/** `POST /api/encrypt` (for the signed-in user only). */
export const ZEncryptRequest = z.object({ text: zMultiline() });
export type EncryptRequest = z.infer<typeof ZEncryptRequest>;
export const ZEncryptResponse = z.object({ encryptedText: z.string() });
export type EncryptResponse = z.infer<typeof ZEncryptResponse>;

/** `POST /api/decrypt` (for the signed-in user only). */
export const ZDecryptRequest = z.object({ encryptedText: zLine().min(1) });
export type DecryptRequest = z.infer<typeof ZDecryptRequest>;
export const ZDecryptResponse = z.object({ decryptedText: z.string() });
export type DecryptResponse = z.infer<typeof ZDecryptResponse>;

/** The signed-in user's own profile with `meta_data` decrypted (`GET/PUT /api/profile`). */
export const ZProfile = ZUserProfile.extend({ meta_data: ZProfileMetaData });
export type Profile = z.infer<typeof ZProfile>;

/** `GET /api/profile`: `profile` is null while the user has none (the registration dialog then opens). */
export const ZGetProfileResponse = z.object({ profile: ZProfile.nullable() });
export type GetProfileResponse = z.infer<typeof ZGetProfileResponse>;

/**
 * `PUT /api/profile`: creates the caller's profile or replaces its `meta_data` (send every field you want to
 * keep). `user_id` may be sent but must be the caller's own (else 403 'Unauthorized: Cannot create profile
 * for another user', PRODUCT.md §5).
 */
export const ZUpdateProfileRequest = z.object({
  user_id: ZUserId.optional(),
  meta_data: ZProfileMetaData.extend({
    first_name: ZFirstName,
    last_name: ZLastName,
    school: z.object({ bundesland: zLine(), city: zLine(), schule: zLine() }).nullable().default(null),
    avatar_url: z
      .url({ protocol: /^https?$/, error: 'Ungültige Bild-URL' })
      .max(2048, { error: 'Ungültige Bild-URL' })
      .nullable()
      .default(null),
  }),
});
export type UpdateProfileRequest = z.input<typeof ZUpdateProfileRequest>;
export const ZUpdateProfileResponse = ZProfile;
export type UpdateProfileResponse = z.infer<typeof ZUpdateProfileResponse>;
