import type { TDiscussionScope } from '@atrium/contract';
import AddCommentOutlined from '@mui/icons-material/AddCommentOutlined';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useDiscussions } from '../../api/discussions.api.ts';
import { DISCUSSIONS_URL } from '../../labels.ts';
import { DiscussionComposer } from '../composer/discussion-composer.tsx';
import { DiscussionList } from '../list/discussion-list.tsx';

const PAGE_SIZE = 10;

/**
 * The topics of one course, learning path or class (the course player's Discussion tab): the
 * newest activity first, each a link to its page, and "Ask a question" with the place fixed.
 */
export function ScopedDiscussions({
  scope,
  scopeId,
  scopeName,
}: {
  scope: Exclude<TDiscussionScope, 'organisation'>;
  scopeId: number;
  /** The course's (path's, class's) name, shown in the composer. */
  scopeName: string;
}) {
  const [page, setPage] = useState(1);
  const [asking, setAsking] = useState(false);
  const list = useDiscussions({ scope, scope_id: scopeId, page, page_size: PAGE_SIZE });
  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Button
          variant="contained"
          startIcon={<AddCommentOutlined />}
          onClick={() => setAsking(true)}
        >
          Ask a question
        </Button>
        <Link component={RouterLink} to={`${DISCUSSIONS_URL}?scope=${scope}:${scopeId}`}>
          Open in Discussions
        </Link>
      </Stack>
      <DiscussionList
        list={list}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        label="Questions and discussions"
        empty="No questions yet. Ask the first one."
      />
      {asking && (
        <DiscussionComposer
          title="Ask a question"
          kind="question"
          fixedScope={{ scope, id: scopeId, name: scopeName }}
          onClose={() => setAsking(false)}
          onSaved={() => {
            setAsking(false);
            setPage(1);
          }}
        />
      )}
    </Stack>
  );
}
