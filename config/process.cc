/* Running the tools a target needs: files and child processes.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   plugin/ir/ir.h.  */

#include "target.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

int
gw_run_command (const std::vector<std::string> &argv, const std::string &log)
{
  std::vector<char *> args;
  for (const std::string &a : argv)
    args.push_back (const_cast<char *> (a.c_str ()));
  args.push_back (nullptr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init (&fa);
  posix_spawn_file_actions_addopen (&fa, 1, log.c_str (),
				    O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2 (&fa, 1, 2);
  pid_t pid;
  int rc = posix_spawnp (&pid, args[0], &fa, nullptr, args.data (), environ);
  posix_spawn_file_actions_destroy (&fa);
  if (rc != 0)
    return -1;
  int status;
  while (waitpid (pid, &status, 0) < 0)
    if (errno != EINTR)
      return -1;
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

bool
gw_read_file (const std::string &name, std::string *data)
{
  FILE *f = fopen (name.c_str (), "rb");
  if (!f)
    return false;
  char buf[65536];
  size_t n;
  data->clear ();
  while ((n = fread (buf, 1, sizeof buf, f)) > 0)
    data->append (buf, n);
  bool ok = !ferror (f);
  fclose (f);
  return ok;
}

bool
gw_write_file (const std::string &name, const std::string &data)
{
  FILE *f = fopen (name.c_str (), "wb");
  if (!f)
    return false;
  bool ok = fwrite (data.data (), 1, data.size (), f) == data.size ();
  return fclose (f) == 0 && ok;
}

bool
gw_make_temp_dir (std::string *dir, std::string *why)
{
  const char *tmp = getenv ("TMPDIR");
  *dir = std::string (tmp && *tmp ? tmp : "/tmp") + "/gangway-XXXXXX";
  if (mkdtemp (&(*dir)[0]))
    return true;
  *why = "cannot create a temporary directory: "
	 + std::string (strerror (errno));
  return false;
}
