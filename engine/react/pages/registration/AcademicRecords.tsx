/**
 * The academic record: term grades, taken courses and the study plan
 * (GET /students/academic/terms-grades, /taken-courses, /study-plan). The student sees their
 * own; the staff student page passes `studentId` (the server checks access_users).
 */
import {
  Card,
  CardContent,
  Chip,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useLanguage } from '../../i18n/hooks.ts';
import { numberLocale } from '../../renderers/cells.tsx';
import { ScrollCue } from '../../renderers/ScrollCue.tsx';
import { FixedColumnsTable, type ColumnWidth } from './FixedColumnsTable.tsx';
import { Badge, LoadState } from './shared.tsx';
import { localName, useText } from './texts.ts';
import { useRetryingGet } from './useRetryingGet.ts';

interface CourseGrade {
  id: number;
  code: string;
  name: string;
  name_local?: string | null;
  credit_hours: number;
  term_code: string;
  term_name: string;
  term_name_local?: string | null;
  status_code: number;
  grade: number | null;
  max_mark: number | null;
  letter: string | null;
  points: number | null;
}
interface TermGrades {
  id: number;
  code: string;
  name: string;
  name_local?: string | null;
  courses: CourseGrade[];
  term_gpa: number | null;
  term_hours: number;
  cumulative_gpa: number | null;
  cumulative_earned_hours: number;
}
interface PlanRow {
  id: number;
  code: string;
  name: string;
  name_local?: string | null;
  credit_hours: number;
  level: number;
  semester: number;
  category_id: number;
  prerequisites: string;
  state_id: number;
  letter: string | null;
}
interface Summary {
  gpa?: number | null;
  earned_hours?: number;
  total_hours?: number;
  passed_hours?: number;
  registered_hours?: number;
  remaining_hours?: number;
}
interface Answer<T> {
  data?: T[];
  meta?: Summary;
}

/**
 * The column widths of the term cards (code, course, hours, mark, grade, points, status) and of
 * the plan cards (code, course, hours, category, prerequisites, status, grade): the same in every
 * card, so the columns line up down the page. Wide enough for the longest badge in Arabic.
 */
const TERM_COLUMNS: readonly ColumnWidth[] = [88, null, 88, 104, 80, 80, 176];
const PLAN_COLUMNS: readonly ColumnWidth[] = [88, null, 88, 168, 128, 112, 80];

/** One token per cell (a code, a mark, a letter): never broken over two lines. */
const ONE_LINE = { whiteSpace: 'nowrap' } as const;

const suffix = (studentId?: number) => (studentId === undefined ? '' : `?student_id=${studentId}`);

function useGpa() {
  const language = useLanguage();
  return (value: number | null | undefined) =>
    value === null || value === undefined
      ? '—'
      : value.toLocaleString(numberLocale(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

function Mark({ c }: { c: CourseGrade }) {
  return <bdi dir="ltr">{c.grade === null ? '—' : `${c.grade} / ${c.max_mark ?? 100}`}</bdi>;
}

/** The columns every grade table shares (code, course, hours, mark, letter): their headers and their cells. */
function GradeHeadCells() {
  const t = useText();
  return (
    <>
      <TableCell>{t('code')}</TableCell>
      <TableCell>{t('course')}</TableCell>
      <TableCell>{t('hours')}</TableCell>
      <TableCell>{t('mark')}</TableCell>
      <TableCell>{t('grade')}</TableCell>
    </>
  );
}

function GradeCells({ c, language }: { c: CourseGrade; language: string }) {
  return (
    <>
      <TableCell sx={ONE_LINE}>
        <bdi dir="ltr">{c.code}</bdi>
      </TableCell>
      <TableCell>{localName(c, language)}</TableCell>
      <TableCell>{c.credit_hours}</TableCell>
      <TableCell sx={ONE_LINE}>
        <Mark c={c} />
      </TableCell>
      <TableCell sx={ONE_LINE}>
        <bdi dir="ltr">{c.letter ?? '—'}</bdi>
      </TableCell>
    </>
  );
}

function TermGradesView({ studentId }: { studentId?: number }) {
  const t = useText();
  const language = useLanguage();
  const gpa = useGpa();
  const r = useRetryingGet<Answer<TermGrades>>(`/students/academic/terms-grades${suffix(studentId)}`);
  const terms = r.data?.data ?? [];
  return (
    <Stack spacing={2} data-testid="terms-grades">
      <LoadState loading={r.loading} error={r.error} reload={r.reload} />
      {!r.loading && terms.length === 0 && <Typography color="text.secondary">{t('noHistory')}</Typography>}
      {[...terms].reverse().map((term) => (
        <Card key={term.id} variant="outlined">
          <CardContent>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
              <Typography variant="subtitle1" component="h3" sx={{ flex: 1 }}>
                {localName(term, language)}
              </Typography>
              <Chip size="small" label={`${t('termGpa')}: ${gpa(term.term_gpa)}`} />
              <Chip size="small" color="primary" label={`${t('cumGpa')}: ${gpa(term.cumulative_gpa)}`} />
              <Chip size="small" label={`${t('termHours')}: ${term.term_hours}`} />
            </Stack>
            <FixedColumnsTable widths={TERM_COLUMNS} testId="term-table">
              <TableHead>
                <TableRow>
                  <GradeHeadCells />
                  <TableCell>{t('points')}</TableCell>
                  <TableCell>{t('status')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {term.courses.map((c) => (
                  <TableRow key={c.id}>
                    <GradeCells c={c} language={language} />
                    <TableCell>{c.points ?? '—'}</TableCell>
                    <TableCell>
                      <Badge table="registration_code" value={c.status_code} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </FixedColumnsTable>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

function TakenCoursesView({ studentId }: { studentId?: number }) {
  const t = useText();
  const language = useLanguage();
  const gpa = useGpa();
  const r = useRetryingGet<Answer<CourseGrade>>(`/students/academic/taken-courses${suffix(studentId)}`);
  const rows = r.data?.data ?? [];
  return (
    <Stack spacing={1} data-testid="taken-courses">
      <LoadState loading={r.loading} error={r.error} reload={r.reload} />
      {r.data?.meta && (
        <Stack direction="row" spacing={1}>
          <Chip color="primary" label={`${t('cumGpa')}: ${gpa(r.data.meta.gpa)}`} />
          <Chip label={`${t('earned')}: ${r.data.meta.earned_hours ?? 0}`} />
        </Stack>
      )}
      {!r.loading && rows.length === 0 && <Typography color="text.secondary">{t('noHistory')}</Typography>}
      {rows.length > 0 && (
        <ScrollCue>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('term')}</TableCell>
                <GradeHeadCells />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((c) => (
                <TableRow key={c.id}>
                  <TableCell>{localName({ name: c.term_name, name_local: c.term_name_local }, language)}</TableCell>
                  <GradeCells c={c} language={language} />
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollCue>
      )}
    </Stack>
  );
}

function StudyPlanView({ studentId }: { studentId?: number }) {
  const t = useText();
  const language = useLanguage();
  const r = useRetryingGet<Answer<PlanRow>>(`/students/academic/study-plan${suffix(studentId)}`);
  const rows = r.data?.data ?? [];
  const meta = r.data?.meta;
  const groups = new Map<string, PlanRow[]>();
  for (const row of rows) {
    const key = `${row.level}:${row.semester}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return (
    <Stack spacing={2} data-testid="study-plan">
      <LoadState loading={r.loading} error={r.error} reload={r.reload} />
      {meta && rows.length > 0 && (
        <Typography>
          {t('planProgress', {
            passed: meta.passed_hours ?? 0,
            total: meta.total_hours ?? 0,
            registered: meta.registered_hours ?? 0,
            remaining: meta.remaining_hours ?? 0,
          })}
        </Typography>
      )}
      {!r.loading && rows.length === 0 && <Typography color="text.secondary">{t('noPlan')}</Typography>}
      {[...groups.entries()].map(([key, list]) => (
        <Card key={key} variant="outlined">
          <CardContent>
            <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
              {t('levelN', { n: list[0]!.level })} · {t('semester', { n: list[0]!.semester })}
            </Typography>
            <FixedColumnsTable widths={PLAN_COLUMNS} testId="plan-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('code')}</TableCell>
                  <TableCell>{t('course')}</TableCell>
                  <TableCell>{t('hours')}</TableCell>
                  <TableCell>{t('category')}</TableCell>
                  <TableCell>{t('prerequisites')}</TableCell>
                  <TableCell>{t('status')}</TableCell>
                  <TableCell>{t('grade')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((p) => (
                  <TableRow key={p.id}>
                    <TableCell sx={ONE_LINE}>
                      <bdi dir="ltr">{p.code}</bdi>
                    </TableCell>
                    <TableCell>{localName(p, language)}</TableCell>
                    <TableCell>{p.credit_hours}</TableCell>
                    <TableCell>
                      <Badge table="study_plan_category" value={p.category_id} />
                    </TableCell>
                    <TableCell>
                      <bdi dir="ltr">{p.prerequisites || '—'}</bdi>
                    </TableCell>
                    <TableCell>
                      <Badge table="study_plan_state" value={p.state_id} />
                    </TableCell>
                    <TableCell sx={ONE_LINE}>
                      <bdi dir="ltr">{p.letter ?? '—'}</bdi>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </FixedColumnsTable>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

const TABS = ['termGrades', 'takenCourses', 'studyPlan'] as const;

/**
 * Whether the tabs need more room than their bar has, measured from the tabs' own widths.
 * MUI decides its scroll arrows by watching whether the first and last tabs are in view, which
 * in right-to-left pages could report a tab out of view while every tab fit, and showed arrows
 * that scrolled nothing; the arrows are offered only when this says the tabs overflow.
 */
export function useTabsOverflow(): [(node: HTMLDivElement | null) => void, boolean] {
  const [node, setNode] = useState<HTMLDivElement | null>(null);
  const [overflow, setOverflow] = useState(false);
  useEffect(() => {
    if (!node) return undefined;
    const tabs = () => [...(node.querySelector('[role="tablist"]')?.children ?? [])] as HTMLElement[];
    const measure = () => setOverflow(tabs().reduce((sum, tab) => sum + tab.offsetWidth, 0) > node.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    tabs().forEach((tab) => observer.observe(tab));
    return () => observer.disconnect();
  }, [node]);
  return [setNode, overflow];
}

export function AcademicRecords({ studentId }: { studentId?: number }) {
  const t = useText();
  const [tab, setTab] = useState(0);
  const [tabsRef, overflow] = useTabsOverflow();
  return (
    <Stack spacing={2}>
      <Tabs
        ref={tabsRef}
        value={tab}
        onChange={(_e, v: number) => setTab(v)}
        variant="scrollable"
        scrollButtons={overflow ? 'auto' : false}
        allowScrollButtonsMobile
      >
        {TABS.map((k) => (
          <Tab key={k} label={t(k)} data-testid={`tab-${k}`} />
        ))}
      </Tabs>
      {tab === 0 && <TermGradesView studentId={studentId} />}
      {tab === 1 && <TakenCoursesView studentId={studentId} />}
      {tab === 2 && <StudyPlanView studentId={studentId} />}
    </Stack>
  );
}
