import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import EyeInvisibleOutlined from '@ant-design/icons/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import LoadingOutlined from '@ant-design/icons/LoadingOutlined';
import LockOutlined from '@ant-design/icons/LockOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import type { LoginResult } from '@atrium/contract';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../shared/ui/plain-controls.css';
import { useLogin } from '../api/auth.api';

interface LoginValues {
  userName: string;
  password: string;
}

type Field = keyof LoginValues;

/** The text key of what is wrong with a field, if anything. */
const RULES: Record<Field, (value: string) => string | undefined> = {
  userName: (value) => (value.trim() ? undefined : 'auth.login.userNameRequired'),
  password: (value) => (value ? undefined : 'auth.login.passwordRequired'),
};

const FIELDS: readonly Field[] = ['userName', 'password'];

export interface LoginFormProps {
  initialUserName: string;
  /** A message to show above the form, such as the confirmation of a password change. */
  notice?: string;
  onSignedIn: (result: LoginResult, userName: string) => void;
}

/**
 * Account and password; the server's refusal (wrong credentials, throttling) shows above the fields.
 * Plain markup with antd's look (plain-controls.css): the page every new visitor opens first loads no
 * antd (issue 19). Like antd's form, a field is checked on submit, then again as it is typed in.
 */
export function LoginForm({ initialUserName, notice, onSignedIn }: LoginFormProps) {
  const { t } = useTranslation();
  const login = useLogin();
  const [values, setValues] = useState<LoginValues>({ userName: initialUserName, password: '' });
  // Text keys, not texts: a message shown follows a change of language.
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [isPasswordShown, setPasswordShown] = useState(false);
  const inputs = { userName: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const id = useId();
  const isPending = login.isPending;

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field in problems) setProblems((current) => ({ ...current, [field]: RULES[field](value) }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = Object.fromEntries(FIELDS.map((field) => [field, RULES[field](values[field])]));
    setProblems(found);
    const firstWrong = FIELDS.find((field) => found[field]);
    if (firstWrong) {
      inputs[firstWrong].current?.focus();
      return;
    }
    const { userName, password } = values;
    login.mutate({ userName, password, timeVersion: Date.now() }, { onSuccess: (result) => onSignedIn(result, userName.trim()) });
  };

  const field = (name: Field, label: string, input: (props: FieldProps) => ReactNode) => {
    const problem = problems[name];
    const errorId = `${id}-${name}-error`;
    return (
      <div className="atrium-plain-field">
        <label className="atrium-plain-label" htmlFor={`${id}-${name}`}>
          {label}
        </label>
        {input({ id: `${id}-${name}`, 'aria-invalid': problem ? true : undefined, 'aria-describedby': problem ? errorId : undefined })}
        {problem ? (
          <div id={errorId} className="atrium-plain-error">
            {t(problem)}
          </div>
        ) : null}
      </div>
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-busy={isPending}>
      {login.isError ? (
        <div className="atrium-plain-alert atrium-plain-alert-error atrium-form-alert" role="alert">
          <CloseCircleFilled />
          <span>{login.error.message}</span>
        </div>
      ) : notice ? (
        <div className="atrium-plain-alert atrium-plain-alert-success atrium-form-alert" role="status">
          <CheckCircleFilled />
          <span>{notice}</span>
        </div>
      ) : null}
      {field('userName', t('auth.login.userName'), (props) => (
        <span className="atrium-plain-input" data-invalid={Boolean(problems.userName)}>
          <UserOutlined />
          <input
            {...props}
            ref={inputs.userName}
            name="userName"
            value={values.userName}
            onChange={(event) => change('userName', event.target.value)}
            placeholder={t('auth.login.userNamePlaceholder')}
            autoComplete="username"
            autoFocus={!initialUserName}
            maxLength={254}
            disabled={isPending}
            data-testid="login-username"
          />
        </span>
      ))}
      {field('password', t('auth.login.password'), (props) => (
        <span className="atrium-plain-input" data-invalid={Boolean(problems.password)}>
          <LockOutlined />
          <input
            {...props}
            ref={inputs.password}
            name="password"
            type={isPasswordShown ? 'text' : 'password'}
            value={values.password}
            onChange={(event) => change('password', event.target.value)}
            placeholder={t('auth.login.passwordPlaceholder')}
            autoComplete="current-password"
            autoFocus={!!initialUserName}
            disabled={isPending}
            data-testid="login-password"
          />
          <button
            type="button"
            className="atrium-plain-affix"
            onClick={() => setPasswordShown((isShown) => !isShown)}
            aria-label={t(isPasswordShown ? 'auth.login.hidePassword' : 'auth.login.showPassword')}
            aria-pressed={isPasswordShown}
            disabled={isPending}
            data-testid="login-password-toggle"
          >
            {isPasswordShown ? <EyeOutlined /> : <EyeInvisibleOutlined />}
          </button>
        </span>
      ))}
      <button type="submit" className="atrium-plain-button atrium-plain-button-primary atrium-plain-button-block" disabled={isPending} data-testid="login-submit">
        {isPending ? <LoadingOutlined /> : null}
        {t('auth.login.submit')}
      </button>
    </form>
  );
}

interface FieldProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}
