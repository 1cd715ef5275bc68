/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-model-registry.c — finds and loads the models available to the user
 *
 * A broken file in a user's model directory must never hide the bundled
 * models: it is skipped and its error kept for `cyclescope models`.
 *
 * Directories are read lazily: parsing every model costs more than the rest
 * of `cyclescope record`'s start-up, and start-up is part of every recorded
 * run's wall time. A lookup by id first tries the file ID.json (the bundled
 * models are named that way); listing, choosing and the error list load
 * everything. A model, once returned, stays the same object.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "cs-error.h"
#include "cs-model-registry.h"

struct _CsModelRegistry
{
  GObject     parent_instance;
  GHashTable *models;   /* id -> CsModel */
  GPtrArray  *errors;   /* char*, NULL-terminated for get_errors() */
  GPtrArray  *dirs;     /* char*, in the order they were added */
  GPtrArray  *retired;  /* models overridden after a lookup returned them */
  gboolean    loaded;   /* every directory has been read */
  GMutex      lock;
};

G_DEFINE_FINAL_TYPE (CsModelRegistry, cs_model_registry, G_TYPE_OBJECT)

static void
cs_model_registry_finalize (GObject *object)
{
  CsModelRegistry *self = CS_MODEL_REGISTRY (object);

  g_hash_table_unref (self->models);
  g_ptr_array_unref (self->errors);
  g_ptr_array_unref (self->dirs);
  g_ptr_array_unref (self->retired);
  g_mutex_clear (&self->lock);
  G_OBJECT_CLASS (cs_model_registry_parent_class)->finalize (object);
}

static void
cs_model_registry_class_init (CsModelRegistryClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cs_model_registry_finalize;
}

static void
cs_model_registry_init (CsModelRegistry *self)
{
  self->models = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->errors = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->errors, NULL);
  self->dirs = g_ptr_array_new_with_free_func (g_free);
  self->retired = g_ptr_array_new_with_free_func (g_object_unref);
  g_mutex_init (&self->lock);
}

CsModelRegistry *
cs_model_registry_new (void)
{
  return g_object_new (CS_TYPE_MODEL_REGISTRY, NULL);
}

static void
add_error (CsModelRegistry *self,
           char            *message)
{
  g_ptr_array_insert (self->errors, self->errors->len - 1, message);
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* The model already loaded from @file (by a lookup), if any. */
static CsModel *
find_loaded (CsModelRegistry *self,
             const char      *file)
{
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, self->models);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (g_strcmp0 (cs_model_get_filename (value), file) == 0)
      return value;
  return NULL;
}

static void
load_directory (CsModelRegistry *self,
                const char      *path)
{
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) files = NULL;
  g_autoptr(GHashTable) seen = NULL;   /* id -> file, within this directory */
  const char *name;

  dir = g_dir_open (path, 0, NULL);
  if (dir == NULL)
    return;   /* a model directory that does not exist is simply empty */

  /* Sorted, so that which of two same-id files wins does not depend on
   * the file system's order. */
  files = g_ptr_array_new_with_free_func (g_free);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".json"))
      g_ptr_array_add (files, g_strdup (name));
  g_ptr_array_sort (files, compare_strings);

  seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  for (guint i = 0; i < files->len; i++)
    {
      g_autofree char *file = g_build_filename (path, g_ptr_array_index (files, i), NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(CsModel) model = NULL;
      CsModel *known = find_loaded (self, file);
      const char *previous;

      model = known != NULL ? g_object_ref (known) : cs_model_new_from_file (file, &error);

      if (model == NULL)
        {
          const char *base = g_ptr_array_index (files, i);
          const char *msg = error->message;

          /* The model's messages start with the file's basename; the
           * registry names the full path instead. */
          if (g_str_has_prefix (msg, base) && msg[strlen (base)] == ':')
            msg += strlen (base) + 2;
          add_error (self, g_strdup_printf ("%s: %s", file, msg));
          continue;
        }
      previous = g_hash_table_lookup (seen, cs_model_get_id (model));
      if (previous != NULL)
        {
          add_error (self, g_strdup_printf (_("%s: model id “%s” is already used by %s in the same directory; the later file wins"),
                                            file, cs_model_get_id (model), previous));
        }
      g_hash_table_replace (seen, g_strdup (cs_model_get_id (model)), g_strdup (file));
      /* Not in one call: argument order is unspecified in C. */
      {
        char *id = g_strdup (cs_model_get_id (model));
        CsModel *existing = g_hash_table_lookup (self->models, id);

        /* A caller may still hold what an earlier lookup returned. */
        if (existing != NULL && existing != model)
          g_ptr_array_add (self->retired, g_object_ref (existing));
        g_hash_table_replace (self->models, id, g_steal_pointer (&model));
      }
    }
}

void
cs_model_registry_add_directory (CsModelRegistry *self,
                                 const char      *path)
{
  g_return_if_fail (CS_IS_MODEL_REGISTRY (self));
  g_return_if_fail (path != NULL);

  g_mutex_lock (&self->lock);
  g_ptr_array_add (self->dirs, g_strdup (path));
  self->loaded = FALSE;
  g_mutex_unlock (&self->lock);
}

/* Reads every directory once, in order, so later ones override. */
static void
ensure_loaded (CsModelRegistry *self)
{
  g_mutex_lock (&self->lock);
  if (!self->loaded)
    {
      /* Errors are collected afresh: each directory is read again. */
      g_ptr_array_set_size (self->errors, 0);
      g_ptr_array_add (self->errors, NULL);
      for (guint i = 0; i < self->dirs->len; i++)
        load_directory (self, g_ptr_array_index (self->dirs, i));
      self->loaded = TRUE;
    }
  g_mutex_unlock (&self->lock);
}

static void
add_default_directories (CsModelRegistry *self)
{
  g_autofree char *user_dir = g_build_filename (g_get_user_data_dir (), "cyclescope", "models", NULL);
  const char *path_env = g_getenv ("CYCLESCOPE_MODEL_PATH");
  const char *model_dir = g_getenv ("CYCLESCOPE_MODELDIR");

  /* CYCLESCOPE_MODELDIR replaces the installed models: an uninstalled build
   * runs with it pointing at the source tree (meson devenv, build-aux/dev). */
  cs_model_registry_add_directory (self, model_dir != NULL && *model_dir != '\0' ? model_dir : CS_MODELDIR);
  cs_model_registry_add_directory (self, user_dir);
  if (path_env != NULL && *path_env != '\0')
    {
      g_auto(GStrv) dirs = g_strsplit (path_env, ":", -1);

      for (guint i = 0; dirs[i] != NULL; i++)
        if (*dirs[i] != '\0')
          cs_model_registry_add_directory (self, dirs[i]);
    }
}

CsModelRegistry *
cs_model_registry_get_default (void)
{
  static gsize initialized = 0;
  static CsModelRegistry *instance = NULL;

  if (g_once_init_enter (&initialized))
    {
      instance = cs_model_registry_new ();
      add_default_directories (instance);
      g_once_init_leave (&initialized, 1);
    }
  return instance;
}

static int
compare_models (gconstpointer a,
                gconstpointer b)
{
  CsModel *ma = *(CsModel * const *) a;
  CsModel *mb = *(CsModel * const *) b;

  return strcmp (cs_model_get_id (ma), cs_model_get_id (mb));
}

GPtrArray *
cs_model_registry_list (CsModelRegistry *self)
{
  GPtrArray *list;
  GHashTableIter iter;
  gpointer value;

  g_return_val_if_fail (CS_IS_MODEL_REGISTRY (self), NULL);

  ensure_loaded (self);
  list = g_ptr_array_new_with_free_func (g_object_unref);
  g_hash_table_iter_init (&iter, self->models);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_ptr_array_add (list, g_object_ref (value));
  g_ptr_array_sort (list, compare_models);
  return list;
}

CsModel *
cs_model_registry_lookup (CsModelRegistry *self,
                          const char      *id)
{
  CsModel *model;

  g_return_val_if_fail (CS_IS_MODEL_REGISTRY (self), NULL);
  if (id == NULL)
    return NULL;

  g_mutex_lock (&self->lock);
  model = g_hash_table_lookup (self->models, id);
  /* The latest directory with ID.json wins, as it would in a full load. */
  for (guint i = self->dirs->len; model == NULL && !self->loaded && i > 0; i--)
    {
      g_autofree char *base = g_strconcat (id, ".json", NULL);
      g_autofree char *file = g_build_filename (g_ptr_array_index (self->dirs, i - 1), base, NULL);
      g_autoptr(CsModel) loaded = NULL;

      if (!g_file_test (file, G_FILE_TEST_IS_REGULAR))
        continue;
      loaded = cs_model_new_from_file (file, NULL);
      if (loaded == NULL || g_strcmp0 (cs_model_get_id (loaded), id) != 0)
        break;   /* broken or misnamed: the full load reports it */
      model = loaded;
      g_hash_table_replace (self->models, g_strdup (id), g_steal_pointer (&loaded));
    }
  g_mutex_unlock (&self->lock);
  if (model == NULL && !self->loaded)
    {
      ensure_loaded (self);
      model = g_hash_table_lookup (self->models, id);
    }
  return model;
}

const char * const *
cs_model_registry_get_errors (CsModelRegistry *self)
{
  g_return_val_if_fail (CS_IS_MODEL_REGISTRY (self), NULL);
  ensure_loaded (self);
  return (const char * const *) self->errors->pdata;
}

CsModel *
cs_model_registry_choose (CsModelRegistry *self,
                          const char      *pmu_name)
{
  g_autoptr(GPtrArray) list = NULL;
  CsModel *best = NULL;

  g_return_val_if_fail (CS_IS_MODEL_REGISTRY (self), NULL);
  if (pmu_name == NULL)
    return NULL;

  /* Sorted by id, and only a strictly larger model replaces the best one,
   * so ties resolve the same way every time. "*" (software) never counts
   * as naming the PMU. */
  list = cs_model_registry_list (self);
  for (guint i = 0; i < list->len; i++)
    {
      CsModel *model = g_ptr_array_index (list, i);
      const char * const *pmus = cs_model_get_pmus (model);

      if (!g_strv_contains (pmus, pmu_name))
        continue;
      if (best == NULL || cs_model_get_n_metrics (model) > cs_model_get_n_metrics (best))
        best = model;
    }
  return best;
}
