import { lazy, Suspense, useState } from 'react';
import { Alert, Breadcrumb, Button, Select, Space, Spin, Tabs, Tooltip, Typography } from 'antd';
import { EditOutlined, MailOutlined, ScanOutlined, ShareAltOutlined, WalletOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { BROADCAST_TEXT, CHECKIN_TEXT, EVENT_NAME_BREADCRUMB_MAX, OVERVIEW_TEXT as T } from '@eo/contract';
import { errorText } from '../../../lib/api-client';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useEventDetail, type EventDetail } from '../../../lib/event-detail';
import { useWithdrawalBlock } from './api/get-withdrawal-block';
import { withdrawDisabledReason } from './withdraw-button';
import { cutText } from '../event-text';
import { isShareable } from './share/share-links';
import type { ListGroup } from '../list-params';
import { currentTab, overviewTabs, type OverviewTab } from './overview-tabs';
import { GeneralInfoTab } from './tabs/GeneralInfoTab';
import { RevisionNotice } from '../revision/RevisionNotice';
import './overview.css';
import { useCanDo } from '../../../lib/use-can';

// Charts and tables load when their tab is opened: the General Information tab stays light.
const InsightTab = lazy(async () => ({ default: (await import('./tabs/InsightTab')).InsightTab }));
const ParticipantTab = lazy(async () => ({ default: (await import('./tabs/ParticipantTab')).ParticipantTab }));
const TicketTab = lazy(async () => ({ default: (await import('./tabs/TicketTab')).TicketTab }));
const PendingTab = lazy(async () => ({ default: (await import('./pending/PendingTab')).PendingTab }));
const WaitlistTab = lazy(async () => ({ default: (await import('./waitlist/WaitlistTab')).WaitlistTab }));
const SessionAttendanceTab = lazy(async () => ({ default: (await import('./session-attendance/SessionAttendanceTab')).SessionAttendanceTab }));
const EvaluationTab = lazy(async () => ({ default: (await import('./evaluation/EvaluationTab')).EvaluationTab }));
// The Bagikan dialog (and the QR library it loads) only once it is opened.
const ShareDialog = lazy(async () => ({ default: (await import('./share/ShareDialog')).ShareDialog }));

const LIST_PATH: Record<ListGroup, string> = { active: '/event', history: '/event/history', draft: '/event/draft' };

function TabBody({ tab, event }: { tab: OverviewTab; event: EventDetail }) {
  return (
    <Suspense fallback={<Spin className="overview-spin" />}>
      {tab === 'general' && <GeneralInfoTab event={event} />}
      {tab === 'insight' && <InsightTab eventId={event.id} hasTwibbon={Boolean(event.twibbon?.customKey && event.twibbon.templateUrl)} />}
      {tab === 'participant' && <ParticipantTab event={event} />}
      {tab === 'pending' && <PendingTab event={event} />}
      {tab === 'waitlist' && <WaitlistTab event={event} />}
      {tab === 'ticket' && <TicketTab event={event} />}
      {tab === 'attendance' && <SessionAttendanceTab event={event} />}
      {tab === 'evaluation' && <EvaluationTab event={event} />}
    </Suspense>
  );
}

/** `/event/{active|history|draft}/overview/{id}`: the tabs, a dropdown on phones, EDIT EVENT. */
export function EventOverviewPage({ group }: { group: ListGroup }) {
  const { id } = useParams();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const [search, setSearch] = useSearchParams();
  const detail = useEventDetail(id);
  const event = detail.data;
  const can = useCanDo();
  const { shown: shownTabs, enabled } = overviewTabs(event ?? { registrationMethod: null, approvedStatus: null }, can);
  const tab = currentTab(search.get('tab'), enabled);
  const setTab = (next: string) => setSearch(next === 'general' ? {} : { tab: next }, { replace: true });
  const reason = (t: OverviewTab) => (t === 'insight' ? T.insightOff : T.registrationOff);
  const mayWithdraw = group === 'history' && can('money');
  const block = useWithdrawalBlock(id ?? '', mayWithdraw && Boolean(event) && !event?.isDraft);
  const withdrawBlocked = event ? withdrawDisabledReason(event, block) : null;
  const [sharing, setSharing] = useState(false);

  return (
    <div className="overview-page">
      <Breadcrumb
        aria-label="breadcrumb"
        items={[
          { title: <Link to={LIST_PATH[group]}>{T.root}</Link> },
          { title: <Link to={LIST_PATH[group]}>{T.crumbs[group]}</Link> },
          ...(event?.name ? [{ title: cutText(event.name, EVENT_NAME_BREADCRUMB_MAX) }] : []),
        ]}
      />
      <header className="overview-head">
        <Typography.Title level={1} className="overview-title">{T.title}</Typography.Title>
        {event && (
          <Space wrap>
            {/* Revenue is withdrawn from past events only; disabled, with the reason as its tooltip, for a free
                internal event and while a withdrawal is pending (spec section 4). */}
            {mayWithdraw && (
              // A disabled button gets no pointer events, so the wrapper carries the tooltip; screen readers get the
              // reason as the button's description.
              <Tooltip title={withdrawBlocked}>
                <span className="overview-withdraw">
                  <Button
                    icon={<WalletOutlined />} disabled={Boolean(withdrawBlocked)} aria-describedby={withdrawBlocked ? 'overview-withdraw-reason' : undefined}
                    onClick={() => navigate(`/event/${event.id}/withdrawal`)}
                  >
                    {T.withdraw}
                  </Button>
                  {withdrawBlocked && <span id="overview-withdraw-reason" className="overview-visually-hidden">{withdrawBlocked}</span>}
                </span>
              </Tooltip>
            )}
            {/* The door's screen: for the roles that check in, on events registering on our platform. */}
            {can('checkin') && event.registrationMethod === 'internal' && !event.isDraft && (
              <Button icon={<ScanOutlined />} onClick={() => navigate(`/event/${event.id}/checkin`)}>{CHECKIN_TEXT.open}</Button>
            )}
            {/* Messages to the registrants: every role reads the history, owners and admins send. */}
            {can('messages.read') && event.registrationMethod === 'internal' && !event.isDraft && (
              <Button icon={<MailOutlined />} onClick={() => navigate(`/event/${event.id}/messages`)}>{BROADCAST_TEXT.open}</Button>
            )}
            {isShareable(event) && <Button icon={<ShareAltOutlined />} onClick={() => setSharing(true)}>{T.share}</Button>}
            {can('events.write') && <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(`/event/edit/${event.id}`)}>{T.edit}</Button>}
          </Space>
        )}
      </header>
      {event && sharing && (
        <Suspense fallback={null}>
          <ShareDialog event={event} open={sharing} onClose={() => setSharing(false)} />
        </Suspense>
      )}
      {event && <RevisionNotice revision={event.revision} className="overview-revision" />}
      {detail.isPending && <Spin size="large" className="overview-spin" />}
      {detail.error && <Alert type="error" showIcon message={T.loadFailed} description={errorText(detail.error)} />}
      {event && (isMobile ? (
        <>
          <Select
            aria-label={T.tabPicker} value={tab} onChange={setTab} className="overview-tab-select"
            options={shownTabs.map((t) => ({ value: t, label: T.tabs[t], disabled: !enabled[t] }))}
          />
          <TabBody tab={tab} event={event} />
        </>
      ) : (
        <Tabs
          activeKey={tab} onChange={setTab}
          items={shownTabs.map((t) => ({
            key: t,
            disabled: !enabled[t],
            label: enabled[t] ? T.tabs[t] : <Tooltip title={reason(t)}>{T.tabs[t]}</Tooltip>,
            children: t === tab ? <TabBody tab={t} event={event} /> : null,
          }))}
        />
      ))}
    </div>
  );
}
