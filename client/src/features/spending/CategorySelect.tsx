import Form from 'react-bootstrap/Form';
import type { ComponentProps } from 'react';
import type { CategoryViewFragment } from '../../gql/graphql';
import { categoryLabel, pickableCategories } from './spendingView';

type SelectProps = Omit<ComponentProps<typeof Form.Select>, 'value' | 'onChange'>;

interface CategorySelectProps extends SelectProps {
  categories: readonly CategoryViewFragment[];
  value: string | null;
  onChange: (categoryId: string | null) => void;
  /** The first option's words, for no category. */
  noneLabel?: string;
}

/** A category picker: the household's categories that take rows, a child after its parent. */
export function CategorySelect({
  categories,
  value,
  onChange,
  noneLabel = 'Not sorted',
  ...rest
}: CategorySelectProps) {
  return (
    <Form.Select {...rest} value={value ?? ''} onChange={(event) => onChange(event.target.value || null)}>
      <option value="">{noneLabel}</option>
      {pickableCategories(categories).map((category) => (
        <option key={category.id} value={category.id}>
          {categoryLabel(category, categories)}
        </option>
      ))}
    </Form.Select>
  );
}
