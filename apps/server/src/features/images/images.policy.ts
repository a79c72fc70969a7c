import type { Actor } from '../../core/auth/actor.ts';
import type { images } from '../../schema/images.table.ts';

/**
 * Who may see an image of the store, as a pure predicate (images.policy.test.ts is its table).
 * An image belongs to the organisation it was uploaded in, and only that organisation's members
 * see it, whatever their role. A superadmin acts in the organisation they signed in to like its
 * admin (they upload there too): another organisation's image is not theirs to see, unlike a
 * question image, because what shows it (a discussion, a post) is itself the organisation's
 * alone. Uploading needs no rule: any signed-in member uploads into their own organisation.
 */
export function canSeeImage(
  actor: Actor,
  image: Pick<typeof images.$inferSelect, 'organisationId'>,
): boolean {
  return actor.organisationId === image.organisationId;
}
