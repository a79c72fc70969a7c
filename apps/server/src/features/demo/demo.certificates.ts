import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import { certificateAssignments, certificateTemplates } from '../../schema/certificates.table.ts';

/**
 * Certificates for the demo: one template, "Certificate of Completion" (every field, one
 * signature, valid two years), attached as the organisation's default, so every course, path,
 * assessment or classroom the demo learner completes issues a certificate with a PDF. No
 * certificate is seeded (nobody completed anything through the events yet). An organisation
 * that has templates is left alone.
 */
export async function seedDemoCertificates(tx: DbOrTx, organisationId: number): Promise<boolean> {
  const [existing] = await tx
    .select({ id: certificateTemplates.id })
    .from(certificateTemplates)
    .where(eq(certificateTemplates.organisationId, organisationId))
    .limit(1);
  if (existing) return false;
  const [template] = await tx
    .insert(certificateTemplates)
    .values({
      organisationId,
      name: 'Certificate of Completion',
      validityMonths: 24,
      design: {
        orientation: 'landscape',
        primary_color: '#1f4e79',
        text_color: '#222222',
        background_color: '#ffffff',
        background_image: null,
        logo_image: null,
        title: 'Certificate of Completion',
        fields: {
          learner: true,
          achievement: true,
          date: true,
          score: true,
          hours: true,
          expiry: true,
          signatures: true,
          code: true,
          qr: true,
        },
        signatures: [{ name: 'Morgan Admin', title: 'Head of Learning', image: null }],
      },
    })
    .returning({ id: certificateTemplates.id });
  await tx
    .insert(certificateAssignments)
    .values({ organisationId, kind: 'default', achievementId: 0, templateId: template!.id });
  return true;
}
