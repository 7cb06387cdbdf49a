import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import type { PlanCode } from '../../gql/graphql';
import { periodLabel, type PlanOption } from './plans';

interface PlanChoiceProps {
  plans: PlanOption[];
  value: PlanCode;
  onChange: (plan: PlanCode) => void;
  disabled?: boolean;
}

/** Plan radio cards: yearly is the default and is marked as the best deal. */
export function PlanChoice({ plans, value, onChange, disabled }: PlanChoiceProps) {
  return (
    <fieldset className="mb-4" disabled={disabled}>
      <legend className="fs-6 fw-semibold">Choose your plan (7 day free trial first)</legend>
      <Row xs={1} sm={2} className="g-3">
        {plans.map((plan) => {
          const selected = plan.code === value;
          const id = `plan-${plan.code.toLowerCase()}`;
          return (
            <Col key={plan.code}>
              <Card
                className={`tn-plan ${selected ? 'tn-plan-selected' : ''}`}
                onClick={() => !disabled && onChange(plan.code)}
              >
                <Card.Body>
                  <Form.Check type="radio" id={id}>
                    <Form.Check.Input
                      type="radio"
                      name="plan"
                      value={plan.code}
                      checked={selected}
                      onChange={() => onChange(plan.code)}
                    />
                    <Form.Check.Label className="w-100">
                      <span className="d-flex flex-wrap justify-content-between align-items-center gap-2">
                        <span className="fw-semibold">{plan.label}</span>
                        {plan.isDefault && <Badge bg="success">Best deal</Badge>}
                      </span>
                      <span className="d-block fs-5">
                        ${plan.price.toFixed(2)}{' '}
                        <small className="text-muted">{periodLabel(plan.intervalMonths)}</small>
                      </span>
                      {plan.tagline && <span className="d-block small text-success">{plan.tagline}</span>}
                    </Form.Check.Label>
                  </Form.Check>
                </Card.Body>
              </Card>
            </Col>
          );
        })}
      </Row>
    </fieldset>
  );
}
