import dayjs from 'dayjs';
import 'dayjs/locale/id';

// dayjs's default locale is the app's, as antd's (Feedback): apart from lib/dates and its plugins,
// for the date pickers, which need the locale and nothing else.
dayjs.locale('id');
