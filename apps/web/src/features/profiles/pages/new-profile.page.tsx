import type { TProfileDetails } from '@atrium/contract';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { FooterButton } from '../../../shared/forms/form-footer.tsx';
import { useSession } from '../../../shared/session/session-context.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { useProfile } from '../api/profiles.api.ts';
import { AdditionalInfoForm } from '../components/additional-info-form.tsx';
import { BasicsForm } from '../components/basics-form.tsx';
import { EducationList } from '../components/education-card.tsx';
import { EducationForm } from '../components/education-form.tsx';
import { ProfessionalForm } from '../components/professional-form.tsx';
import { AddressForm, SocialForm } from '../components/text-section-form.tsx';

const STEPS = ['About you', 'Education', 'Work', 'Address', 'More about you', 'Social links'];

interface StepProps {
  profile: TProfileDetails;
  next: () => void;
  back: ReactNode;
}

/** Education and work take several entries: the list so far, a form for one more, Continue. */
function ListStep({
  list,
  form,
  next,
  back,
}: {
  list: ReactNode;
  form: ReactNode;
  next: () => void;
  back: ReactNode;
}) {
  return (
    <Stack spacing={2.5}>
      {list}
      <Divider />
      {form}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {back}
        <Button variant="outlined" onClick={next}>
          Continue
        </Button>
      </Stack>
    </Stack>
  );
}

function StepContent({ step, profile, next, back }: StepProps & { step: number }) {
  const skip = <FooterButton onClick={next}>Skip</FooterButton>;
  const withBack = (
    <>
      {back}
      {skip}
    </>
  );
  switch (step) {
    case 0:
      return <BasicsForm profile={profile} onDone={next} submitLabel="Save and continue" />;
    case 1:
      return (
        <ListStep
          list={<EducationList profile={profile} own editable />}
          form={<EducationForm userId={profile.id} own onDone={() => {}} />}
          next={next}
          back={back}
        />
      );
    case 2:
      return (
        <ListStep
          list={
            profile.professional_info.length > 0 && (
              <Typography sx={{ color: 'text.secondary' }}>
                {profile.professional_info
                  .map((entry) => `${entry.title}, ${entry.company}`)
                  .join(' · ')}
              </Typography>
            )
          }
          form={<ProfessionalForm userId={profile.id} own onDone={() => {}} />}
          next={next}
          back={back}
        />
      );
    case 3:
      return (
        <AddressForm
          profile={profile}
          own
          onDone={next}
          submitLabel="Save and continue"
          secondary={withBack}
        />
      );
    case 4:
      return (
        <AdditionalInfoForm
          profile={profile}
          own
          onDone={next}
          submitLabel="Save and continue"
          secondary={withBack}
        />
      );
    default:
      return (
        <SocialForm
          profile={profile}
          own
          onDone={next}
          submitLabel="Save and finish"
          secondary={withBack}
        />
      );
  }
}

/** '/newProfile': completing your own profile one section at a time. */
export default function NewProfilePage() {
  const { user } = useSession();
  const profile = useProfile(user?.id ?? null);
  const [step, setStep] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const done = step >= STEPS.length;
  // Each step's heading takes the focus, so keyboard and screen reader users start at its top.
  const moved = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: it is the step change that moves focus
  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [step]);

  if (profile.isPending) return <PageLoader label="Loading your profile" />;
  if (profile.isError) {
    return (
      <PageContainer>
        <Alert severity="error">{errorMessage(profile.error)}</Alert>
      </PageContainer>
    );
  }

  const next = () => setStep((current) => current + 1);
  const back = step > 0 && <FooterButton onClick={() => setStep(step - 1)}>Back</FooterButton>;

  return (
    <PageContainer maxWidth={880}>
      <PageHeader
        title="Complete your profile"
        subtitle="Six short steps. Skip what you like; everything can be changed later."
        actions={
          <Button component={RouterLink} to="/myprofile" color="inherit">
            View my profile
          </Button>
        }
      />
      <Stepper nonLinear activeStep={step} sx={{ mb: 3, display: { xs: 'none', md: 'flex' } }}>
        {STEPS.map((label, index) => (
          <Step key={label} completed={index < step}>
            <StepButton onClick={() => setStep(index)}>{label}</StepButton>
          </Step>
        ))}
      </Stepper>
      <Card sx={{ p: { xs: 2.5, sm: 3 } }}>
        {done ? (
          <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 3 }}>
            <CheckCircleOutlined color="success" sx={{ fontSize: 56 }} />
            <Typography
              ref={heading}
              tabIndex={-1}
              variant="h2"
              sx={{ fontSize: '1.4rem', outline: 'none' }}
            >
              Your profile is up to date
            </Typography>
            <Stack direction="row" spacing={1}>
              <Button onClick={() => setStep(0)} color="inherit">
                Start again
              </Button>
              <Button component={RouterLink} to="/myprofile" variant="contained">
                See my profile
              </Button>
            </Stack>
          </Stack>
        ) : (
          <>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Step {step + 1} of {STEPS.length}
            </Typography>
            <Typography
              ref={heading}
              tabIndex={-1}
              variant="h2"
              sx={{ fontSize: '1.3rem', mb: 2.5, outline: 'none' }}
            >
              {STEPS[step]}
            </Typography>
            <Box key={step}>
              <StepContent step={step} profile={profile.data} next={next} back={back} />
            </Box>
          </>
        )}
      </Card>
    </PageContainer>
  );
}
