import type { TScormCommitResult, TScormState, TScoStatus } from '@atrium/contract';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import NavigateBefore from '@mui/icons-material/NavigateBefore';
import NavigateNext from '@mui/icons-material/NavigateNext';
import Replay from '@mui/icons-material/Replay';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { fetchScormState, useNewAttempt, useScormPackage } from '../api/scorm.api.ts';
import { type ScormRuntime, startScormRuntime } from './scorm-runtime.ts';
import { initialSco, isDone, neighbourSco, rememberedSco, rememberSco } from './scorm-status.ts';
import { ScormToc } from './scorm-toc.tsx';

type StatusMap = Map<string, { status: TScoStatus; seconds: number; reason: string | null }>;
const toStatusMap = (scos: TScormState['scos']): StatusMap =>
  new Map(
    scos.map((s) => [
      s.sco,
      { status: s.status, seconds: s.total_seconds, reason: s.disabled_reason },
    ]),
  );

export interface ScormPlayerProps {
  /** The module file (where the package is used in a course): tracking is kept per module file. */
  moduleFileId: number;
  /** The repository file holding the package. */
  fileId: number;
  /** After each successful commit (the course progress may have moved). */
  onCommitted?: (result: TScormCommitResult) => void;
}

/**
 * Plays a SCORM 1.2 or 2004 package in a frame of the content origin, with scorm-again as the
 * run-time in this page answering the SCO over postMessage (scorm-runtime.ts):
 * a table of contents for multi-SCO packages, resume where the learner left (the SCO, then
 * the SCO's own location and suspend data), every commit stored on the server.
 */
export function ScormPlayer({ moduleFileId, fileId, onCommitted }: ScormPlayerProps) {
  const pkg = useScormPackage(fileId);
  const launchable = useMemo(
    () => (pkg.data?.scos ?? []).filter((s) => s.launchable && s.launch_url),
    [pkg.data],
  );
  const groups = useMemo(() => (pkg.data?.scos ?? []).filter((s) => !s.launchable), [pkg.data]);
  const [current, setCurrent] = useState<string | null>(null);
  const [state, setState] = useState<TScormState | null>(null);
  const [statuses, setStatuses] = useState<StatusMap>(new Map());
  const [frameSrc, setFrameSrc] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [launch, setLaunch] = useState(0);
  /** The SCO has called Initialize (shown on the frame for assistive tech and tests). */
  const [running, setRunning] = useState(false);
  const runtime = useRef<ScormRuntime | null>(null);
  /** The previous SCO's last commits: the next launch's state is read after they are stored. */
  const previousDone = useRef<Promise<void>>(Promise.resolve());
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const newAttempt = useNewAttempt(moduleFileId);
  const notify = useRef(onCommitted);
  notify.current = onCommitted;
  // On a phone the contents would push the content a screen or more down: folded by default.
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  const [tocOpen, setTocOpen] = useState(false);

  // First SCO once the package is known: the remembered one, else the first not done.
  useEffect(() => {
    if (current || launchable.length === 0) return;
    setCurrent(initialSco(launchable, new Map(), rememberedSco(moduleFileId)));
  }, [launchable, current, moduleFileId]);

  // Each launch: fresh state from the server, a new run-time, then the SCO's page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `launch` relaunches the SCO after a new attempt
  useEffect(() => {
    if (!current) return;
    let cancelled = false;
    let mine: ScormRuntime | null = null;
    setFrameSrc(null);
    setProblem(null);
    setRunning(false);
    rememberSco(moduleFileId, current);
    (async () => {
      await previousDone.current;
      if (cancelled) return;
      const fresh = await fetchScormState(moduleFileId, current);
      if (cancelled) return;
      mine = await startScormRuntime(
        fresh,
        () => frameRef.current?.contentWindow ?? null,
        (result) => {
          setStatuses(toStatusMap(result.scos));
          notify.current?.(result);
        },
        (message) => setProblem(message),
        () => setRunning(true),
      );
      if (cancelled) {
        mine.dispose();
        return;
      }
      runtime.current = mine;
      setState(fresh);
      setStatuses(toStatusMap(fresh.scos));
      setFrameSrc(fresh.launch_url);
    })().catch((error: unknown) => !cancelled && setProblem(errorMessage(error)));
    return () => {
      cancelled = true;
      // The SCO's page is already gone (the iframe is keyed by launch): commit what it left.
      mine?.finish();
      if (mine) previousDone.current = mine.settled();
      mine?.dispose();
      if (runtime.current === mine) runtime.current = null;
    };
  }, [current, moduleFileId, launch]);

  // Leaving the page: last commits go out as keepalive requests.
  useEffect(() => {
    const onHide = () => {
      runtime.current?.markUnloading();
      runtime.current?.finish();
    };
    window.addEventListener('pagehide', onHide);
    return () => window.removeEventListener('pagehide', onHide);
  }, []);

  if (pkg.isPending) return <LinearProgress aria-label="Loading the package" />;
  if (pkg.isError) return <Alert severity="error">{errorMessage(pkg.error)}</Alert>;
  if (launchable.length === 0)
    return <Alert severity="warning">This package has nothing to launch.</Alert>;

  const entries = launchable.map((sco) => ({
    sco,
    status: statuses.get(sco.identifier)?.status ?? 'not attempted',
    seconds: statuses.get(sco.identifier)?.seconds ?? 0,
    disabledReason: statuses.get(sco.identifier)?.reason ?? null,
  }));
  const done = entries.filter((e) => isDone(e.status)).length;
  // Items whose prerequisites are not met yet: shown with the reason, not launched.
  const disabled = new Set(entries.filter((e) => e.disabledReason).map((e) => e.sco.identifier));
  const previous = neighbourSco(launchable, current, -1, disabled);
  const next = neighbourSco(launchable, current, 1, disabled);
  const multi = launchable.length > 1;

  return (
    // A named region: its Previous/Next stay apart from the course player's own.
    <Stack spacing={1.5} component="section" aria-label="SCORM package">
      {state && !state.tracked && (
        <Alert severity="info">Preview: you are not enrolled, so nothing is recorded.</Alert>
      )}
      {problem && (
        <Alert severity="error" onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Chip size="small" label={`SCORM ${pkg.data.version}`} />
        {state?.tracked && <Chip size="small" label={`Attempt ${state.attempt}`} />}
        {multi && (
          <Typography variant="body2" color="text.secondary">
            {done} of {launchable.length} done
          </Typography>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {state?.tracked && state.attempt_completed && (
          <Button
            size="small"
            startIcon={<Replay />}
            disabled={newAttempt.isPending}
            onClick={() =>
              newAttempt.mutate(undefined, { onSuccess: () => setLaunch((n) => n + 1) })
            }
          >
            New attempt
          </Button>
        )}
        {multi && (
          <>
            <Button
              size="small"
              startIcon={<NavigateBefore />}
              disabled={!previous}
              onClick={() => previous && setCurrent(previous)}
            >
              Previous
            </Button>
            <Button
              size="small"
              endIcon={<NavigateNext />}
              disabled={!next}
              onClick={() => next && setCurrent(next)}
            >
              Next
            </Button>
          </>
        )}
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
        {multi && (
          <Paper
            variant="outlined"
            sx={{ width: { md: 260 }, flexShrink: 0, maxHeight: { md: '70vh' }, overflow: 'auto' }}
          >
            {narrow && (
              <Button
                fullWidth
                onClick={() => setTocOpen((open) => !open)}
                aria-expanded={tocOpen}
                endIcon={tocOpen ? <ExpandLess /> : <ExpandMore />}
                sx={{ justifyContent: 'space-between', px: 2 }}
              >
                Package contents
              </Button>
            )}
            <Collapse
              in={!narrow || tocOpen}
              sx={{ maxHeight: { xs: '50vh', md: 'none' }, overflow: 'auto' }}
            >
              <ScormToc
                entries={entries}
                groups={groups}
                current={current}
                onSelect={(identifier) => {
                  setCurrent(identifier);
                  setTocOpen(false);
                }}
              />
            </Collapse>
          </Paper>
        )}
        <Paper variant="outlined" sx={{ flexGrow: 1, overflow: 'hidden', minHeight: 420 }}>
          {frameSrc ? (
            <Box
              component="iframe"
              ref={frameRef}
              key={`${current}-${launch}`}
              data-sco-state={running ? 'running' : 'starting'}
              aria-busy={!running}
              src={frameSrc}
              // The content origin already differs from ours; the sandbox adds that a package
              // can never navigate this page away (no top navigation).
              sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-modals allow-downloads"
              allow="fullscreen; autoplay"
              title={launchable.find((s) => s.identifier === current)?.title ?? 'SCORM content'}
              sx={{
                display: 'block',
                border: 0,
                width: '100%',
                height: { xs: '70vh', md: '70vh' },
                bgcolor: 'common.white',
              }}
            />
          ) : (
            <LinearProgress aria-label="Starting the content" />
          )}
        </Paper>
      </Stack>
    </Stack>
  );
}
