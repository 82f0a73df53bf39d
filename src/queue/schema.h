#pragma once
// The queue schema version this build knows (the number of its migrations).
namespace lectio::queue {
int known_schema_version();
}  // namespace lectio::queue
