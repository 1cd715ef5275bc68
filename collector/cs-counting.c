/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-counting.c — one counting run of the target program
 *
 * Read format. perf stat reads inherited counters one fd at a time; we want
 * the group read (PERF_FORMAT_GROUP) so that every member of a group is read
 * with the same time_enabled/time_running. Kernels since 4.x sum inherited
 * child events into a group read (perf_read_group walks each child_list) and
 * the 6.18 kernel here accepts inherit=1 with
 * GROUP|TOTAL_TIME_ENABLED|TOTAL_TIME_RUNNING|ID for counting (inherit is
 * only refused together with PERF_SAMPLE_READ, which counting does not use).
 * A kernel that still answers EINVAL to that combination gets the same events
 * without PERF_FORMAT_GROUP, each fd read on its own: values stay right, only
 * the per-group atomicity of the read is lost.
 */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cs-collector-error.h"
#include "cs-counting.h"
#include "cs-launcher.h"
#include "cs-perf-event.h"

#define READ_FORMAT_BASE (PERF_FORMAT_TOTAL_TIME_ENABLED | \
                          PERF_FORMAT_TOTAL_TIME_RUNNING | \
                          PERF_FORMAT_ID)

typedef struct
{
  CsCountingGroup *group;
  int             *fds;
  guint64         *ids;
  gboolean         group_read;
} OpenGroup;

CsCountingEvent *
cs_counting_event_new (const char                   *name,
                       const char                   *event,
                       const char                   *fstr,
                       const struct perf_event_attr *attr)
{
  CsCountingEvent *self = g_new0 (CsCountingEvent, 1);

  self->name = g_strdup (name != NULL ? name : event);
  self->event = g_strdup (event);
  self->fstr = g_strdup (fstr);
  self->attr = *attr;
  return self;
}

void
cs_counting_event_free (CsCountingEvent *event)
{
  if (event == NULL)
    return;
  g_free (event->name);
  g_free (event->event);
  g_free (event->fstr);
  g_free (event);
}

CsCountingGroup *
cs_counting_group_new (const char *label)
{
  CsCountingGroup *self = g_new0 (CsCountingGroup, 1);

  self->label = g_strdup (label);
  self->events = g_ptr_array_new_with_free_func ((GDestroyNotify) cs_counting_event_free);
  return self;
}

void
cs_counting_group_add (CsCountingGroup *group,
                       CsCountingEvent *event)
{
  g_return_if_fail (group != NULL);
  g_return_if_fail (event != NULL);

  g_ptr_array_add (group->events, event);
}

void
cs_counting_group_free (CsCountingGroup *group)
{
  if (group == NULL)
    return;
  g_free (group->label);
  g_ptr_array_unref (group->events);
  g_free (group);
}

static void
clear_value (gpointer data)
{
  CsCountingValue *v = data;

  g_free (v->group);
  g_free (v->name);
  g_free (v->event);
  g_free (v->fstr);
}

void
cs_counting_result_free (CsCountingResult *result)
{
  if (result == NULL)
    return;
  g_array_unref (result->values);
  g_free (result);
}

const CsCountingValue *
cs_counting_result_lookup (const CsCountingResult *result,
                           const char             *name)
{
  g_return_val_if_fail (result != NULL, NULL);

  for (guint i = 0; i < result->values->len; i++)
    {
      const CsCountingValue *v = &g_array_index (result->values, CsCountingValue, i);
      if (g_strcmp0 (v->name, name) == 0)
        return v;
    }
  return NULL;
}

static void
close_groups (OpenGroup *open,
              guint      n_open)
{
  for (guint g = 0; g < n_open; g++)
    {
      if (open[g].fds == NULL)
        continue;
      for (guint i = 0; i < open[g].group->events->len; i++)
        if (open[g].fds[i] >= 0)
          close (open[g].fds[i]);
      g_clear_pointer (&open[g].fds, g_free);
      g_clear_pointer (&open[g].ids, g_free);
    }
}

static gboolean
open_group (OpenGroup  *og,
            pid_t       pid,
            gboolean    group_read,
            GError    **error)
{
  GPtrArray *events = og->group->events;

  og->fds = g_new (int, events->len);
  og->ids = g_new0 (guint64, events->len);
  og->group_read = group_read;
  for (guint i = 0; i < events->len; i++)
    og->fds[i] = -1;

  for (guint i = 0; i < events->len; i++)
    {
      const CsCountingEvent *ev = g_ptr_array_index (events, i);
      struct perf_event_attr attr = ev->attr;
      gboolean leader = (i == 0);

      attr.size = sizeof attr;
      attr.read_format = READ_FORMAT_BASE | (group_read ? PERF_FORMAT_GROUP : 0);
      attr.inherit = 1;
      /* Only the leader is gated; members follow it. enable_on_exec makes the
       * count start at the program's first instruction, not at our fork. */
      attr.disabled = leader || !group_read;
      attr.enable_on_exec = attr.disabled;
      attr.sample_period = 0;
      attr.sample_type = 0;
      attr.freq = 0;

      og->fds[i] = cs_perf_event_open (&attr, pid, -1,
                                       leader || !group_read ? -1 : og->fds[0],
                                       ev->name, error);
      if (og->fds[i] < 0)
        return FALSE;
      if (ioctl (og->fds[i], PERF_EVENT_IOC_ID, &og->ids[i]) != 0)
        {
          int errsv = errno;
          g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                       _("Cannot get the id of the event “%s”: %s"), ev->name, g_strerror (errsv));
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
read_exact (int         fd,
            void       *buf,
            size_t      len,
            size_t     *got)
{
  ssize_t n;

  do
    n = read (fd, buf, len);
  while (n < 0 && errno == EINTR);
  if (n < 0)
    return FALSE;
  *got = n;
  return TRUE;
}

static void
append_value (GArray                *values,
              const CsCountingGroup *group,
              const CsCountingEvent *ev,
              guint64                value,
              guint64                enabled,
              guint64                running)
{
  CsCountingValue v = {
    .group = g_strdup (group->label),
    .name = g_strdup (ev->name),
    .event = g_strdup (ev->event),
    .fstr = g_strdup (ev->fstr),
    .value = value,
    .time_enabled = enabled,
    .time_running = running,
  };

  g_array_append_val (values, v);
}

static gboolean
read_group (OpenGroup  *og,
            GArray     *values,
            GError    **error)
{
  GPtrArray *events = og->group->events;

  if (og->group_read)
    {
      /* { nr, time_enabled, time_running, { value, id }[nr] } */
      gsize n_words = 3 + 2 * events->len;
      g_autofree guint64 *buf = g_new0 (guint64, n_words);
      size_t got = 0;

      if (!read_exact (og->fds[0], buf, n_words * sizeof (guint64), &got) ||
          got < 3 * sizeof (guint64) || buf[0] != events->len ||
          got < (3 + 2 * buf[0]) * sizeof (guint64))
        {
          int errsv = errno;
          g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                       _("Cannot read the counter group %s: %s"),
                       og->group->label, got > 0 ? _("short read") : g_strerror (errsv));
          return FALSE;
        }

      for (guint i = 0; i < events->len; i++)
        {
          guint64 value = 0;
          gboolean found = FALSE;

          for (guint k = 0; k < buf[0]; k++)
            if (buf[3 + 2 * k + 1] == og->ids[i])
              {
                value = buf[3 + 2 * k];
                found = TRUE;
                break;
              }
          if (!found)
            value = buf[3 + 2 * i];
          append_value (values, og->group, g_ptr_array_index (events, i), value, buf[1], buf[2]);
        }
      return TRUE;
    }

  for (guint i = 0; i < events->len; i++)
    {
      /* { value, time_enabled, time_running, id } */
      guint64 buf[4] = { 0, };
      size_t got = 0;

      if (!read_exact (og->fds[i], buf, sizeof buf, &got) || got < sizeof buf)
        {
          int errsv = errno;
          const CsCountingEvent *ev = g_ptr_array_index (events, i);
          g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                       _("Cannot read the counter “%s”: %s"),
                       ev->name, got > 0 ? _("short read") : g_strerror (errsv));
          return FALSE;
        }
      append_value (values, og->group, g_ptr_array_index (events, i), buf[0], buf[1], buf[2]);
    }
  return TRUE;
}

struct _CsCountingSet
{
  GPtrArray *groups;   /* CsCountingGroup*, the caller's */
  OpenGroup *open;
};

void
cs_counting_set_free (CsCountingSet *set)
{
  if (set == NULL)
    return;
  close_groups (set->open, set->groups->len);
  g_free (set->open);
  g_ptr_array_unref (set->groups);
  g_free (set);
}

CsCountingSet *
cs_counting_set_open (GPtrArray  *groups,
                      pid_t       pid,
                      GError    **error)
{
  g_autoptr(CsCountingSet) set = g_new0 (CsCountingSet, 1);
  gboolean group_read = TRUE;

  g_return_val_if_fail (groups != NULL, NULL);

  set->groups = g_ptr_array_ref (groups);
  set->open = g_new0 (OpenGroup, groups->len);
  for (guint g = 0; g < groups->len; g++)
    {
      CsCountingGroup *group = g_ptr_array_index (groups, g);

      if (group->events->len == 0)
        {
          g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                       _("The counter group %s has no events"), group->label);
          return NULL;
        }
    }

  for (guint g = 0; g < groups->len; g++)
    {
      g_autoptr(GError) local_error = NULL;

      set->open[g].group = g_ptr_array_index (groups, g);
      if (open_group (&set->open[g], pid, group_read, &local_error))
        continue;

      /* See the top of the file: fall back to one read per event. */
      if (group_read && g == 0 &&
          g_error_matches (local_error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_UNSUPPORTED))
        {
          g_autoptr(GError) retry_error = NULL;

          close_groups (set->open, 1);
          group_read = FALSE;
          if (open_group (&set->open[g], pid, FALSE, &retry_error))
            {
              g_debug ("Group reads of inherited counters refused (%s); reading events one by one",
                       local_error->message);
              continue;
            }
        }
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  return g_steal_pointer (&set);
}

gboolean
cs_counting_set_read (CsCountingSet  *set,
                      GArray         *values,
                      GError        **error)
{
  /* The events outlive the task: after exit they hold the final totals of the
   * program and of every inherited thread and child that has exited. */
  for (guint g = 0; g < set->groups->len; g++)
    if (!read_group (&set->open[g], values, error))
      return FALSE;
  return TRUE;
}

gboolean
cs_counting_set_enable (CsCountingSet  *set,
                        GError        **error)
{
  /* Every fd, not only the leaders: without group reads each event is
   * gated on its own. Enabling a member that runs already changes nothing. */
  for (guint g = 0; g < set->groups->len; g++)
    {
      CsCountingGroup *group = set->open[g].group;

      for (guint i = 0; i < group->events->len; i++)
        if (ioctl (set->open[g].fds[i], PERF_EVENT_IOC_ENABLE, 0) != 0 && errno != ESRCH)
          {
            int errsv = errno;
            const CsCountingEvent *ev = g_ptr_array_index (group->events, i);

            cs_perf_event_set_error (error, errsv, ev->name);
            return FALSE;
          }
    }
  return TRUE;
}

GArray *
cs_counting_values_new (void)
{
  GArray *values = g_array_new (FALSE, TRUE, sizeof (CsCountingValue));

  g_array_set_clear_func (values, clear_value);
  return values;
}

CsCountingResult *
cs_counting_run (const char * const  *argv,
                 const char          *cwd,
                 const char * const  *envp,
                 GPtrArray           *groups,
                 GCancellable        *cancellable,
                 GError             **error)
{
  g_autoptr(CsLauncher) launcher = NULL;
  g_autoptr(CsCountingResult) result = NULL;
  g_autoptr(GError) wait_error = NULL;
  g_autoptr(CsCountingSet) set = NULL;
  gint64 t0;

  g_return_val_if_fail (argv != NULL && argv[0] != NULL, NULL);
  g_return_val_if_fail (groups != NULL, NULL);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;

  if (!(launcher = cs_launcher_new (argv, cwd, envp, error)))
    return NULL;
  if (!(set = cs_counting_set_open (groups, cs_launcher_get_pid (launcher), error)))
    return NULL;

  t0 = g_get_monotonic_time ();
  if (!cs_launcher_start (launcher, error))
    return NULL;

  result = g_new0 (CsCountingResult, 1);
  result->values = cs_counting_values_new ();

  if (!cs_launcher_wait (launcher, &result->wait_status, &result->usage, cancellable, &wait_error))
    {
      if (!g_error_matches (wait_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_propagate_error (error, g_steal_pointer (&wait_error));
          return NULL;
        }
      result->interrupted = TRUE;
    }
  result->wall_seconds = (g_get_monotonic_time () - t0) / (double) G_USEC_PER_SEC;

  if (!cs_counting_set_read (set, result->values, error))
    return NULL;
  return g_steal_pointer (&result);
}
