import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Checkbox, Form } from 'antd';
import { CheckboxGroup } from './CheckboxGroup';

const OPTIONS = [{ value: 'whatsapp', label: 'WhatsApp' }, { value: 'instagram', label: 'Instagram' }];

describe('CheckboxGroup in a required Form.Item', () => {
  it('is a group without aria-required (not allowed on role="group")', () => {
    render(
      <Form>
        <Form.Item name="contacts" label="Kontak" rules={[{ required: true }]}>
          <CheckboxGroup options={OPTIONS} />
        </Form.Item>
      </Form>,
    );
    const group = screen.getByRole('group');
    expect(group.getAttribute('aria-required')).toBeNull();
    expect(group.id).toBe('contacts');
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
  });

  it('antd\'s own group carries it (the axe finding this replaces)', () => {
    render(
      <Form>
        <Form.Item name="contacts" label="Kontak" rules={[{ required: true }]}>
          <Checkbox.Group options={OPTIONS} />
        </Form.Item>
      </Form>,
    );
    expect(screen.getByRole('group').getAttribute('aria-required')).toBe('true');
  });
});
