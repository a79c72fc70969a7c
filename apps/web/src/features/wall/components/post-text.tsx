import type { TWallPerson } from '@atrium/contract';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { hashtagUrl, profileUrl } from '../labels.ts';
import { splitPostText } from '../wall-text.ts';

/**
 * Plain text as written (line breaks kept), with the mentions the server resolved linked to the
 * person's profile, hashtags to the wall filtered by them, and links opened in a new tab without
 * lending our page or our reputation to them (rel noopener noreferrer nofollow ugc).
 */
export function PostText({
  text,
  mentions,
  variant = 'body1',
}: {
  text: string;
  mentions: readonly TWallPerson[];
  variant?: 'body1' | 'body2';
}) {
  if (!text) return null;
  return (
    <Typography
      variant={variant}
      component="p"
      sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', m: 0 }}
    >
      {splitPostText(text, mentions).map((part, i) => {
        const key = `${i}-${part.kind}`;
        switch (part.kind) {
          case 'mention':
            return (
              <Link
                key={key}
                component={RouterLink}
                to={profileUrl(part.person.id)}
                title={part.person.fullname}
                sx={{ fontWeight: 600 }}
              >
                {part.text}
              </Link>
            );
          case 'hashtag':
            return (
              // Bold like mentions: inside running text a link needs more than its colour.
              <Link
                key={key}
                component={RouterLink}
                to={hashtagUrl(part.tag)}
                sx={{ fontWeight: 600 }}
              >
                {part.text}
              </Link>
            );
          case 'link':
            return (
              <Link
                key={key}
                href={part.href}
                target="_blank"
                rel="noopener noreferrer nofollow ugc"
              >
                {part.text}
              </Link>
            );
          default:
            return part.text;
        }
      })}
    </Typography>
  );
}
