import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import CloseButton from 'react-bootstrap/CloseButton';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { formatDollars, MoneyInput } from '../../components/money';
import { displayDate } from '../../kit/dates';
import { NearViewport } from '../../kit/NearViewport';
import { affordability, whatIfProblem, type WhatIf } from './affordability';
import type { ForecastDayView } from './forecastView';
import './forecast.css';

interface CanIAffordItProps {
  /** The forecast's first day (the user's today) and its last: a what-if falls between them. */
  today: string;
  horizon: string;
  whatIfs: readonly WhatIf[];
  onAdd: (whatIf: Omit<WhatIf, 'id'>) => void;
  onRemove: (id: number) => void;
  /** The forecast with the what-ifs counted, as it loads. */
  answer: { loading: boolean; failed: boolean; days: readonly ForecastDayView[] | undefined };
}

/**
 * "Can I afford it?": planned spends (amount, day, optional note) weighed against the forecast
 * before payday, answered in words and drawn on the chart. Several can be asked at once; nothing is
 * saved.
 */
export function CanIAffordIt({
  today,
  horizon,
  whatIfs,
  onAdd,
  onRemove,
  answer: result,
}: CanIAffordItProps) {
  const [amount, setAmount] = useState<number | null>(null);
  const [date, setDate] = useState(today);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const answer = result.days ? affordability(result.days, whatIfs) : null;

  function ask() {
    const found = whatIfProblem(amount, date, { asOf: today, horizon }, whatIfs.length);
    setProblem(found);
    if (found || amount === null) return;
    onAdd({ date, amount, description: note.trim() });
    setAmount(null);
    setNote('');
  }

  return (
    <Card as="section" aria-labelledby="afford-title" className="mb-3">
      <Card.Header>
        <h3 id="afford-title" className="h6 mb-0">
          Can I afford it?
        </h3>
      </Card.Header>
      <Card.Body>
        {/* Far below a phone's first screen. Its date field is the page's only one, and the first
            date field a page draws has the browser set up the locale's date formats: tens of
            milliseconds of a phone's main thread, spent when the person scrolls toward the form. */}
        <NearViewport placeholderClassName="tn-afford-placeholder">
          <Form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              ask();
            }}
          >
            <Row className="g-2 align-items-end">
              <Col xs={6} md={3}>
                <Form.Group controlId="afford-amount">
                  <Form.Label>How much</Form.Label>
                  <MoneyInput
                    value={amount}
                    onValueChange={setAmount}
                    isInvalid={problem !== null && !amount}
                  />
                </Form.Group>
              </Col>
              <Col xs={6} md={3}>
                <Form.Group controlId="afford-date">
                  <Form.Label>When</Form.Label>
                  <Form.Control
                    type="date"
                    value={date}
                    min={today}
                    max={horizon}
                    onChange={(event) => setDate(event.target.value)}
                  />
                </Form.Group>
              </Col>
              <Col xs={12} md={4}>
                <Form.Group controlId="afford-note">
                  <Form.Label>What for (optional)</Form.Label>
                  <Form.Control
                    value={note}
                    maxLength={100}
                    onChange={(event) => setNote(event.target.value)}
                  />
                </Form.Group>
              </Col>
              <Col xs={12} md={2} className="d-grid">
                <Button type="submit" variant="primary">
                  {whatIfs.length === 0 ? 'Check' : 'Add'}
                </Button>
              </Col>
            </Row>
            {problem && (
              <Form.Text as="p" className="text-danger mb-0 mt-2" role="alert">
                {problem}
              </Form.Text>
            )}
          </Form>
        </NearViewport>

        {whatIfs.length > 0 && (
          <ListGroup as="ul" variant="flush" className="mt-3" aria-label="Planned spends">
            {whatIfs.map((whatIf) => (
              <ListGroup.Item as="li" key={whatIf.id} className="d-flex align-items-center gap-2 px-0">
                <span className="flex-grow-1">
                  {formatDollars(whatIf.amount)} on {displayDate(whatIf.date)}
                  {whatIf.description && <span className="text-body-secondary"> · {whatIf.description}</span>}
                </span>
                <CloseButton
                  aria-label={`Remove ${formatDollars(whatIf.amount)} on ${displayDate(whatIf.date)}`}
                  onClick={() => onRemove(whatIf.id)}
                />
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}

        <div role="status" aria-live="polite" className="mt-3">
          {result.loading && (
            <p className="mb-0">
              <Spinner as="span" size="sm" animation="border" aria-hidden="true" className="me-2" />
              Working it out ...
            </p>
          )}
          {result.failed && !result.loading && (
            <Alert variant="danger" className="mb-0">
              The answer could not be worked out. Try again.
            </Alert>
          )}
          {answer && !result.loading && (
            <p className={`fs-5 fw-semibold mb-0 ${answer.affordable ? 'text-success' : 'text-danger'}`}>
              {answer.sentence}
            </p>
          )}
          {whatIfs.length === 0 && (
            <p className="text-body-secondary small mb-0">
              Nothing is saved: ask about a spend before you make it.
            </p>
          )}
        </div>
      </Card.Body>
    </Card>
  );
}
