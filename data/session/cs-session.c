/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-session.c — the session object: host, command, runs, regions
 *
 * Loading and saving live in cs-session-json.c, the values a model is
 * evaluated on in cs-session-counts.c.
 */
#include "config.h"

#include <sys/utsname.h>
#include <unistd.h>

#include "cs-session.h"
#include "cs-session-private.h"
#include "cs-system.h"
#include "cs-text.h"

G_DEFINE_FINAL_TYPE (CsSession, cs_session, G_TYPE_OBJECT)

const char * const cs_session_empty_strv[] = { NULL };

static void
cs_session_finalize (GObject *object)
{
  CsSession *self = CS_SESSION (object);

  g_free (self->bundle_path);
  g_free (self->hostname);
  g_free (self->cpu_model);
  g_free (self->pmu_name);
  g_free (self->pmu_description);
  g_free (self->kernel_release);
  g_strfreev (self->argv);
  g_free (self->cwd);
  g_free (self->model_id);
  g_free (self->cycles_alias);
  g_free (self->mode);
  g_clear_pointer (&self->start_time, g_date_time_unref);
  g_ptr_array_unref (self->runs);
  g_ptr_array_unref (self->sampling_runs);
  g_ptr_array_unref (self->notes);
  g_ptr_array_unref (self->warnings);

  G_OBJECT_CLASS (cs_session_parent_class)->finalize (object);
}

static void
cs_session_class_init (CsSessionClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cs_session_finalize;
}

static void
cs_session_init (CsSession *self)
{
  self->mode = g_strdup ("runs");
  /* A session being recorded is incomplete until the collector says otherwise. */
  self->complete = FALSE;
  self->runs = g_ptr_array_new_with_free_func ((GDestroyNotify) _cs_run_free);
  self->sampling_runs = g_ptr_array_new_with_free_func ((GDestroyNotify) _cs_sampling_run_free);
  self->notes = g_ptr_array_new_null_terminated (0, g_free, TRUE);
  self->warnings = g_ptr_array_new_null_terminated (0, g_free, TRUE);
}

CsSession *
cs_session_new (void)
{
  return g_object_new (CS_TYPE_SESSION, NULL);
}

static void
set_str (char       **field,
         const char  *value)
{
  if (*field == value)
    return;
  g_free (*field);
  *field = g_strdup (value);
}

/* Text a session shows (host, command, notes): valid UTF-8 whatever bytes
 * the system gave, for GTK, Pango and JSON (cs-text.h). Paths the session
 * opens (the bundle) keep their bytes. */
static void
set_text (char       **field,
          const char  *value)
{
  char *valid = cs_text_make_valid (value, -1);

  g_free (*field);
  *field = valid;
}

const char *
cs_session_get_bundle_path (CsSession *self)
{
  g_return_val_if_fail (CS_IS_SESSION (self), NULL);
  return self->bundle_path;
}

void
cs_session_set_bundle_path (CsSession  *self,
                            const char *path)
{
  g_return_if_fail (CS_IS_SESSION (self));
  set_str (&self->bundle_path, path);
}

char *
cs_session_get_perf_data_path (CsSession           *self,
                               const CsSamplingRun *run)
{
  g_autofree char *joined = NULL;

  g_return_val_if_fail (CS_IS_SESSION (self), NULL);
  g_return_val_if_fail (run != NULL && run->perf_data != NULL, NULL);

  if (g_path_is_absolute (run->perf_data))
    return g_strdup (run->perf_data);
  if (self->bundle_path != NULL)
    joined = g_build_filename (self->bundle_path, run->perf_data, NULL);
  else
    joined = g_strdup (run->perf_data);
  return g_canonicalize_filename (joined, NULL);
}

/* A file the bundle holds beside session.json. Only ever inside the bundle:
 * session.json's reader refused anything else, and a session without a
 * bundle has nowhere to hold the file. */
static char *
bundle_file (CsSession  *self,
             const char *name)
{
  g_autofree char *joined = NULL;

  if (name == NULL || self->bundle_path == NULL)
    return NULL;
  joined = g_build_filename (self->bundle_path, name, NULL);
  return g_canonicalize_filename (joined, NULL);
}

char *
cs_session_get_kallsyms_path (CsSession           *self,
                              const CsSamplingRun *run)
{
  g_return_val_if_fail (CS_IS_SESSION (self), NULL);
  g_return_val_if_fail (run != NULL, NULL);
  return bundle_file (self, run->kallsyms);
}

char *
cs_session_get_regions_path (CsSession           *self,
                             const CsSamplingRun *run)
{
  g_return_val_if_fail (CS_IS_SESSION (self), NULL);
  g_return_val_if_fail (run != NULL, NULL);
  return bundle_file (self, run->regions);
}

/* host */

const char *
cs_session_get_hostname (CsSession *self)
{
  g_return_val_if_fail (CS_IS_SESSION (self), NULL);
  return self->hostname;
}

const char *
cs_session_get_cpu_model (CsSession *self)
{
  g_return_val_if_fail (CS_IS_SESSION (self), NULL);
  return self->cpu_model;
}

const char *
cs_session_get_pmu_name (CsSession *self)
{
  g_return_val_if_fail (CS_IS_SESSION (self), NULL);
  return self->pmu_name;
}

const char *
cs_session_get_pmu_description (CsSession *self)
{
  g_return_val_if_fail (CS_IS_SESSION (self), NULL);
  return self->pmu_description;
}

const char *
cs_session_get_kernel_release (CsSession *self)
{
  g_return_val_if_fail (CS_IS_SESSION (self), NULL);
  return self->kernel_release;
}

guint
cs_session_get_n_cpus (CsSession *self)
{
  g_return_val_if_fail (CS_IS_SESSION (self), 0);
  return self->n_cpus;
}

void
cs_session_set_host (CsSession  *self,
                     const char *hostname,
                     const char *cpu_model,
                     const char *pmu_name,
                     const char *pmu_description,
                     const char *kernel_release,
                     guint       n_cpus)
{
  g_return_if_fail (CS_IS_SESSION (self));
  set_text (&self->hostname, hostname);
  set_text (&self->cpu_model, cpu_model);
  set_text (&self->pmu_name, pmu_name);
  set_text (&self->pmu_description, pmu_description);
  set_text (&self->kernel_release, kernel_release);
  self->n_cpus = n_cpus;
}

/* The first "model name" line: all CPUs of a workstation share it, and
 * architectures without that key (arm64) leave the field NULL rather than
 * guessing from other keys. */
static char *
read_cpu_model (void)
{
  g_autofree char *contents = NULL;

  if (!g_file_get_contents ("/proc/cpuinfo", &contents, NULL, NULL))
    return NULL;
  return cs_cpuinfo_value (contents, "model name");
}

void
cs_session_fill_host_from_system (CsSession *self)
{
  struct utsname uts;
  g_autofree char *cpu_model = NULL;
  long n_cpus;

  g_return_if_fail (CS_IS_SESSION (self));

  set_str (&self->hostname, g_get_host_name ());
  if (uname (&uts) == 0)
    set_str (&self->kernel_release, uts.release);
  cpu_model = read_cpu_model ();
  if (cpu_model != NULL)
    set_str (&self->cpu_model, cpu_model);
  /* Online CPUs: the ones the program could have run on. */
  n_cpus = sysconf (_SC_NPROCESSORS_ONLN);
  self->n_cpus = n_cpus > 0 ? (guint) n_cpus : 0;
}

/* what was run */

const char * const *
cs_session_get_argv (CsSession *self)
{
  g_return_val_if_fail (CS_IS_SESSION (self), NULL);
  return self->argv != NULL ? (const char * const *) self->argv : cs_session_empty_strv;
}

const char *
cs_session_get_cwd (CsSession *self)
{
  g_return_val_if_fail (CS_IS_SESSION (self), NULL);
  return self->cwd;
}

void
cs_session_set_command (CsSession          *self,
                        const char * const *argv,
                        const char         *cwd)
{
  GStrv copy;

  g_return_if_fail (CS_IS_SESSION (self));
  copy = argv != NULL ? g_new0 (char *, g_strv_length ((char **) argv) + 1) : NULL;
  for (guint i = 0; argv != NULL && argv[i] != NULL; i++)
    copy[i] = cs_text_make_valid (argv[i], -1);
  g_strfreev (self->argv);
  self->argv = copy;
  set_text (&self->cwd, cwd);
}

const char *
cs_session_get_model_id (CsSession *self)
{
  g_return_val_if_fail (CS_IS_SESSION (self), NULL);
  return self->model_id;
}

void
cs_session_set_model_id (CsSession  *self,
                         const char *model_id)
{
  g_return_if_fail (CS_IS_SESSION (self));
  set_str (&self->model_id, model_id);
}

const char *
cs_session_get_cycles_alias (CsSession *self)
{
  g_return_val_if_fail (CS_IS_SESSION (self), NULL);
  return self->cycles_alias;
}

void
cs_session_set_cycles_alias (CsSession  *self,
                             const char *alias)
{
  g_return_if_fail (CS_IS_SESSION (self));
  set_str (&self->cycles_alias, alias);
}

const char *
cs_session_get_mode (CsSession *self)
{
  g_return_val_if_fail (CS_IS_SESSION (self), NULL);
  return self->mode;
}

void
cs_session_set_mode (CsSession  *self,
                     const char *mode)
{
  g_return_if_fail (CS_IS_SESSION (self));
  g_return_if_fail (mode != NULL);
  set_str (&self->mode, mode);
}

GDateTime *
cs_session_get_start_time (CsSession *self)
{
  g_return_val_if_fail (CS_IS_SESSION (self), NULL);
  return self->start_time;
}

void
cs_session_set_start_time (CsSession *self,
                           GDateTime *time)
{
  g_return_if_fail (CS_IS_SESSION (self));
  if (time != NULL)
    g_date_time_ref (time);
  g_clear_pointer (&self->start_time, g_date_time_unref);
  self->start_time = time;
}

double
cs_session_get_duration (CsSession *self)
{
  g_return_val_if_fail (CS_IS_SESSION (self), 0);
  return self->duration;
}

void
cs_session_set_duration (CsSession *self,
                         double     seconds)
{
  g_return_if_fail (CS_IS_SESSION (self));
  self->duration = seconds;
}

gboolean
cs_session_get_complete (CsSession *self)
{
  g_return_val_if_fail (CS_IS_SESSION (self), FALSE);
  return self->complete;
}

void
cs_session_set_complete (CsSession *self,
                         gboolean   complete)
{
  g_return_if_fail (CS_IS_SESSION (self));
  self->complete = !!complete;
}

/* notes and warnings */

const char * const *
cs_session_get_notes (CsSession *self)
{
  g_return_val_if_fail (CS_IS_SESSION (self), NULL);
  /* An empty null-terminated GPtrArray may not have allocated pdata yet. */
  return self->notes->pdata != NULL ? (const char * const *) self->notes->pdata : cs_session_empty_strv;
}

const char * const *
cs_session_get_warnings (CsSession *self)
{
  g_return_val_if_fail (CS_IS_SESSION (self), NULL);
  return self->warnings->pdata != NULL ? (const char * const *) self->warnings->pdata : cs_session_empty_strv;
}

void
cs_session_add_note (CsSession  *self,
                     const char *text)
{
  g_return_if_fail (CS_IS_SESSION (self) && text != NULL);
  g_ptr_array_add (self->notes, cs_text_make_valid (text, -1));
}

void
cs_session_add_warning (CsSession  *self,
                        const char *text)
{
  g_return_if_fail (CS_IS_SESSION (self) && text != NULL);
  g_ptr_array_add (self->warnings, cs_text_make_valid (text, -1));
}

