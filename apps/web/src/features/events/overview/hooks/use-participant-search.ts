import { useEffect, useState } from 'react';
import type { RegistrantStatusFilter } from '@eo/contract';
import type { SearchField } from '../api/get-registrants';
import { searchProblem } from '../participant-search';

const DEBOUNCE_MS = 400;

/**
 * The participant search: what is typed (`field`, `input`, its `problem`) and what is asked
 * (`search`). The two move together and only when the input follows its field's rule, so
 * switching the field under a text that breaks the new rule (an email under No Telp) shows
 * the rule's message and keeps the last valid search: an invalid search is never sent.
 * The status filter applies at once; either change goes back to page 1.
 */
export function useParticipantSearch() {
  const [field, setField] = useState<SearchField>('name');
  const [input, setInput] = useState('');
  const [search, setSearch] = useState<{ field: SearchField; text: string }>({ field: 'name', text: '' });
  const [status, setStatusNow] = useState<RegistrantStatusFilter>('confirmed');
  const [page, setPage] = useState(1);
  const setStatus = (next: RegistrantStatusFilter) => {
    setStatusNow(next);
    setPage(1);
  };
  const problem = searchProblem(field, input);

  // The search settles after a pause, and only when the input follows the rules.
  useEffect(() => {
    if (problem) return;
    const timer = setTimeout(() => {
      const text = input.trim();
      if (search.field === field && search.text === text) return;
      setSearch({ field, text });
      setPage(1);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input, field, problem, search]);

  return { field, setField, input, setInput, problem, search: { ...search, status }, status, setStatus, page, setPage };
}
