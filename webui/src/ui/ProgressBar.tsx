interface ProgressBarProps {
  percent: number;
  label: string;
  /** Text beside the bar, such as the speed. */
  detail?: string;
}

export function ProgressBar({ percent, label, detail }: ProgressBarProps) {
  return (
    <div className="progress">
      <div
        className="progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="progress__detail" data-testid="progress-detail">
        {detail}
      </span>
    </div>
  );
}
