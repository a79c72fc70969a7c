import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import { blogAuthors, blogComments, blogPosts, blogPostTags } from '../../schema/blogs.table.ts';

const FIRST_TITLE = 'Why we run fire drills every quarter';

interface DemoPost {
  author: 'admin' | 'trainer';
  title: string;
  excerpt: string;
  bodyHtml: string;
  status: 'draft' | 'published';
  tags: string[];
  daysAgo: number;
}

// Bodies are written as the sanitiser leaves them (paragraphs, lists, emphasis only).
const POSTS: DemoPost[] = [
  {
    author: 'admin',
    title: FIRST_TITLE,
    excerpt: 'Drills feel like a chore until the day they are not. Here is what a good one checks.',
    bodyHtml:
      '<p>Drills feel like a chore until the day they are not. A good drill checks three things:</p><ul><li><p>everyone hears the alarm, wherever they work;</p></li><li><p>the routes are clear and the doors open;</p></li><li><p>the wardens can count everybody at the meeting point.</p></li></ul><p>Our next drill is in March. <strong>The meeting point is the car park.</strong></p>',
    status: 'published',
    tags: ['safety', 'fire-drill'],
    daysAgo: 3,
  },
  {
    author: 'trainer',
    title: 'Five tips for a better handover',
    excerpt: 'A handover is a conversation, not a form. Five habits that make it safer.',
    bodyHtml:
      '<p>A handover is a conversation, not a form.</p><ol><li><p>Start with the patient most at risk.</p></li><li><p>Say what you expect to happen next.</p></li><li><p>Read back anything with a number in it.</p></li><li><p>Name who is doing what.</p></li><li><p>Ask: <em>what worries you?</em></p></li></ol>',
    status: 'published',
    tags: ['handover', 'teamwork'],
    daysAgo: 1,
  },
  {
    author: 'admin',
    title: 'Planning the spring induction week',
    excerpt: '',
    bodyHtml: '<p>Notes for the induction week: rooms, trainers and the welcome talk.</p>',
    status: 'draft',
    tags: ['induction'],
    daysAgo: 0,
  },
];

/**
 * A small blog: the trainer as a permitted author, two published posts (the admin's and the
 * trainer's) with tags and a comment of the learner's, and the admin's draft. Matched by the
 * first post's title: a blog that has it is left alone. Written as the blog's use cases would,
 * without notifications or audit (nobody did anything).
 */
export async function seedDemoBlogs(
  tx: DbOrTx,
  organisationId: number,
  people: Record<string, number>,
  now = new Date(),
): Promise<boolean> {
  const { admin, trainer, learner } = people;
  if (admin === undefined || trainer === undefined || learner === undefined) return false;
  const [existing] = await tx
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(and(eq(blogPosts.organisationId, organisationId), eq(blogPosts.title, FIRST_TITLE)));
  if (existing) return false;
  await tx
    .insert(blogAuthors)
    .values({ organisationId, userId: trainer, grantedBy: admin })
    .onConflictDoNothing();
  const ids: number[] = [];
  for (const p of POSTS) {
    const at = new Date(now.getTime() - p.daysAgo * 86_400_000);
    const [row] = await tx
      .insert(blogPosts)
      .values({
        organisationId,
        authorId: p.author === 'admin' ? admin : trainer,
        title: p.title,
        excerpt: p.excerpt,
        bodyHtml: p.bodyHtml,
        status: p.status,
        publishedAt: p.status === 'published' ? at : null,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: blogPosts.id });
    ids.push(row!.id);
    await tx.insert(blogPostTags).values(p.tags.map((tag) => ({ postId: row!.id, tag })));
  }
  await tx.insert(blogComments).values({
    postId: ids[0]!,
    authorId: learner,
    body: 'Good reminder. Could the next drill include the night shift too?',
  });
  return true;
}
