import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';

interface LoadingOverlayValue {
  /** Covers the whole app with a spinner and `label` until `action` settles (spec §2 overlay). */
  withOverlay: <T>(label: string, action: () => Promise<T>) => Promise<T>;
}

const LoadingOverlayContext = createContext<LoadingOverlayValue | null>(null);

export function LoadingOverlayProvider({ children }: { children: ReactNode }) {
  // Several long actions may overlap: the overlay stays until the last one ends.
  const [labels, setLabels] = useState<{ id: number; label: string }[]>([]);
  const nextId = useRef(0);

  const withOverlay = useCallback(async <T,>(label: string, action: () => Promise<T>) => {
    const id = nextId.current++;
    setLabels((current) => [...current, { id, label }]);
    try {
      return await action();
    } finally {
      setLabels((current) => current.filter((entry) => entry.id !== id));
    }
  }, []);

  const value = useMemo(() => ({ withOverlay }), [withOverlay]);
  const label = labels.at(-1)?.label;

  return (
    <LoadingOverlayContext value={value}>
      {children}
      <Backdrop
        open={label !== undefined}
        sx={(theme) => ({
          zIndex: theme.zIndex.modal + 10,
          color: '#ffffff',
          bgcolor: 'rgba(10, 12, 16, 0.6)',
          backdropFilter: 'blur(2px)',
        })}
      >
        <Stack role="status" aria-live="assertive" spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress color="inherit" aria-hidden />
          <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
        </Stack>
      </Backdrop>
    </LoadingOverlayContext>
  );
}

export function useLoadingOverlay(): LoadingOverlayValue {
  const value = useContext(LoadingOverlayContext);
  if (!value) throw new Error('useLoadingOverlay must be used inside <LoadingOverlayProvider>');
  return value;
}
