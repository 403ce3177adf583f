import type { FormProblem } from '@/features/submit/formErrors';

/**
 * The summary at the top of a refused form. Focusable, so focus can land here when no single
 * field is to blame (a rate limit, a lost connection).
 */
export function FormProblemSummary({ problem }: { problem: FormProblem | null }) {
  if (problem === null) return null;
  return (
    <div className="form-error" role="alert" tabIndex={-1}>
      <p>{problem.message}</p>
      {problem.details.length > 0 && (
        <ul>
          {problem.details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
