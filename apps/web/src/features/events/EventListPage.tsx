import { useEffect, useState } from 'react';
import { Alert, Button, Card, Input, Typography } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useNavigate, useNavigation, useSearchParams } from 'react-router';
import { errorText } from '../../lib/api-client';
import { useIsMobile } from '../../lib/use-is-mobile';
import { useEventList } from './api/get-event-list';
import { EmptyEvents } from './components/EmptyEvents';
import { EventCards } from './components/EventCards';
import { EventTable } from './components/EventTable';
import { readListParams, writeListParams, type ListGroup, type ListParams } from './list-params';
import './event-list.css';
import { LIST_TEXT as T } from '@eo/contract';
import { useCan } from '../../lib/use-can';

const SEARCH_DEBOUNCE_MS = 400;

/** `/event`, `/event/draft`, `/event/history`: search, create button, table (cards on mobile). */
export function EventListPage({ group }: { group: ListGroup }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const mayCreate = useCan('events.write');
  const isMobile = useIsMobile();
  const [search, setSearch] = useSearchParams();
  const params = readListParams(search);
  const [input, setInput] = useState(params.name);
  const list = useEventList(group, params);

  const update = (next: Partial<ListParams>, replace = false) =>
    setSearch(writeListParams({ ...params, ...next }), { replace });

  // Back/forward or a link changed the URL: show its search text.
  useEffect(() => setInput(params.name), [params.name]);
  // Typing settles into the URL after a pause (one history entry per search, not per key). Not
  // while a navigation is pending (a row's editor still loading): the search's own navigation
  // would cancel it. The timer is cleared as that navigation starts and set again if it stays here.
  useEffect(() => {
    if (input === params.name || navigation.state !== 'idle') return;
    const timer = setTimeout(() => update({ name: input, page: 1 }, Boolean(params.name)), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  });

  const filtered = params.name !== '' || params.paid !== 'all';
  const empty = list.data && list.data.totalDocs === 0 && !filtered;

  return (
    <div className="event-list">
      <header className="event-list-head">
        <Typography.Title level={1}>{T.title[group]}</Typography.Title>
        <div className="event-list-actions">
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={T.search}
            aria-label={T.search}
            value={input}
            onChange={(e) => setInput(e.target.value)}
            maxLength={120}
            className="event-list-search"
          />
          {mayCreate && <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/event/create')}>{T.create}</Button>}
        </div>
      </header>
      {list.error && <Alert type="error" showIcon message={errorText(list.error)} className="event-list-error" />}
      {empty ? (
        <Card variant="borderless"><EmptyEvents group={group} /></Card>
      ) : isMobile ? (
        <EventCards group={group} data={list.data} loading={list.isFetching} params={params} onChange={(n) => update(n)} />
      ) : (
        <Card variant="borderless" className="event-list-card">
          <EventTable group={group} data={list.data} loading={list.isFetching} page={params.page} onPage={(page) => update({ page })} />
        </Card>
      )}
    </div>
  );
}
