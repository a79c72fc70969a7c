import { ROLE, ROLE_NAMES, type TDepartment, type TDesignation } from '@atrium/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useDepartments, useDesignations } from '../../api/options.api.ts';
import type { AnnouncementFormValues } from './announcement-form-model.ts';
import { ClassField, CourseField } from './course-class-fields.tsx';

/** Roles an audience may name (a superadmin is no member to reach). */
const AUDIENCE_ROLES = [ROLE.ADMIN, ROLE.TRAINER, ROLE.LEARNER, ROLE.HIRING_MANAGER] as const;

const byId = <T extends { id: number }>(list: T[], ids: number[]) =>
  ids.map((id) => list.find((x) => x.id === id)).filter((x): x is T => x !== undefined);

/**
 * Who it is for: the whole organisation, or members of departments, designations, roles, and the
 * learners of a course or a classroom class. Fixed once it has gone out (`disabled`).
 */
export function AudienceFields({
  form,
  organisationId,
  disabled,
}: {
  form: UseFormReturn<AnnouncementFormValues>;
  organisationId: number;
  disabled: boolean;
}) {
  const { control, setValue, clearErrors, formState } = form;
  const errors = formState.errors.audience;
  const [mode, audience] = useWatch({ control, name: ['audienceMode', 'audience'] });
  const groups = mode === 'groups';
  const departments = useDepartments(organisationId, groups);
  const withDesignations = (departments.data ?? [])
    .filter((d) => d.designation_count > 0)
    .map((d) => d.id);
  const designations = useDesignations(withDesignations, groups);
  const departmentName = (id: number) =>
    departments.data?.find((d) => d.id === id)?.name ?? `Department ${id}`;
  const set = (changes: Partial<AnnouncementFormValues['audience']>) => {
    setValue('audience', { ...audience, ...changes }, { shouldDirty: true });
    clearErrors('audience');
  };

  return (
    <Stack spacing={2} component="fieldset" disabled={disabled} sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        Audience
      </Typography>
      <RadioGroup
        row
        value={mode}
        onChange={(_e, value) => {
          setValue('audienceMode', value as AnnouncementFormValues['audienceMode']);
          clearErrors('audience');
        }}
        aria-label="Audience"
      >
        <FormControlLabel
          value="all"
          control={<Radio />}
          label="Whole organisation"
          disabled={disabled}
        />
        <FormControlLabel
          value="groups"
          control={<Radio />}
          label="Chosen groups"
          disabled={disabled}
        />
      </RadioGroup>
      {groups && (
        <>
          <Autocomplete<TDepartment, true>
            multiple
            disabled={disabled}
            options={departments.data ?? []}
            loading={departments.isLoading}
            value={byId(departments.data ?? [], audience.departments)}
            onChange={(_e, picked) => set({ departments: picked.map((d) => d.id) })}
            getOptionLabel={(d) => d.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Departments"
                error={errors?.departments !== undefined}
                helperText={errors?.departments?.message}
              />
            )}
          />
          <Autocomplete<TDesignation, true>
            multiple
            disabled={disabled}
            options={designations.data}
            loading={designations.isLoading}
            value={byId(designations.data, audience.designations)}
            onChange={(_e, picked) => set({ designations: picked.map((d) => d.id) })}
            getOptionLabel={(d) => d.name}
            groupBy={(d) => departmentName(d.department)}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Designations"
                error={errors?.designations !== undefined}
                helperText={errors?.designations?.message}
              />
            )}
          />
          <FormGroup>
            <FormLabel component="span" sx={{ typography: 'body2' }}>
              Roles
            </FormLabel>
            <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap' }}>
              {AUDIENCE_ROLES.map((role) => (
                <FormControlLabel
                  key={role}
                  label={ROLE_NAMES[role]}
                  disabled={disabled}
                  control={
                    <Checkbox
                      checked={audience.roles.includes(role)}
                      onChange={(_e, on) =>
                        set({
                          roles: on
                            ? [...audience.roles, role]
                            : audience.roles.filter((r) => r !== role),
                        })
                      }
                    />
                  }
                />
              ))}
            </Stack>
            {errors?.roles && <FormHelperText error>{errors.roles.message}</FormHelperText>}
          </FormGroup>
          <CourseField
            value={audience.course}
            onChange={(course) => set({ course })}
            disabled={disabled}
            error={errors?.course?.message}
          />
          <ClassField
            value={audience.class}
            onChange={(picked) => set({ class: picked })}
            disabled={disabled}
            error={errors?.class?.message}
          />
          <FormHelperText error={errors?.message !== undefined} sx={{ mt: -1 }}>
            {errors?.message ??
              'Members in any of the chosen departments, designations or roles, and the learners of the course or class.'}
          </FormHelperText>
        </>
      )}
      {!groups && errors?.message && <FormHelperText error>{errors.message}</FormHelperText>}
    </Stack>
  );
}
